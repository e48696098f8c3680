import type { ApiErrorBody, ErrorCode } from '@school/contract/errors';
import { statusOf } from '@school/contract/errors';
import type { Locale } from '@school/contract/enums';
import { cn } from '@school/contract/messages/cn';
import { en } from '@school/contract/messages/en';
import { hasForbiddenCharacters, ruleIds } from '@school/contract/validation';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ZodError } from 'zod';
import { AppError } from '../lib/app-error.js';
import { localeFromAcceptLanguage } from '../lib/localized-text.js';

/*
 * The one error handler (docs/product.md#error-catalogue): every failure, ours or the framework's, leaves as
 * `{ code, message, field?, rule? }` with the catalogue's status and a message in the
 * request's language. 5xx bodies never carry internals; the details go to the log.
 */

const messages = { cn, en } as const;
const knownRules: ReadonlySet<string> = new Set(Object.values(ruleIds));

export function errorBody(
  code: ErrorCode,
  locale: Locale,
  extra: { field?: string; rule?: string } = {},
): ApiErrorBody {
  const body: ApiErrorBody = { code, message: messages[locale][`error.${code}`] };
  if (extra.field !== undefined) body.field = extra.field;
  if (extra.rule !== undefined) body.rule = extra.rule;
  return body;
}

/** Codes for framework errors that carry only an HTTP status. */
function codeForStatus(status: number): ErrorCode {
  switch (status) {
    case 401:
      return 'unauthorized';
    case 403:
      return 'forbidden';
    case 404:
    case 405:
      return 'notFound';
    case 409:
      return 'conflict';
    case 429:
      return 'tooManyRequests';
    default:
      // 413 too large, 415 unsupported type, malformed JSON…: all "bad request" to a learner.
      return 'badRequest';
  }
}

/**
 * A refused field's name as forms write it ("a.b.0"); a part that is itself refused text (a
 * record key holding a NUL) is named "?" so the answer never echoes it.
 */
export function fieldNameOf(path: readonly PropertyKey[]): string {
  return path.map((part) => (hasForbiddenCharacters(String(part)) ? '?' : String(part))).join('.');
}

function validationBody(issues: { path: readonly PropertyKey[]; message: string }[], locale: Locale): ApiErrorBody {
  const first = issues[0];
  const field = first && first.path.length > 0 ? fieldNameOf(first.path) : undefined;
  const rule = first && knownRules.has(first.message) ? first.message : undefined;
  return errorBody('validationFailed', locale, {
    ...(field === undefined ? {} : { field }),
    ...(rule === undefined ? {} : { rule }),
  });
}

function send(reply: FastifyReply, body: ApiErrorBody): FastifyReply {
  // Errors describe this request only; never let a cache keep them.
  return reply
    .code(statusOf(body.code))
    .header('cache-control', 'no-store')
    .type('application/json; charset=utf-8')
    .send(body);
}

/**
 * Fastify's `frameworkErrors` option: the errors its router raises before any hook runs (a
 * malformed percent-encoding, a path segment over the router's length limit). Answered like
 * every other error, without echoing the URL: a bad URL is a bad request, an over-long id
 * names nothing (ids are at most 64 characters).
 */
export function answerFrameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const locale = localeFromAcceptLanguage(request.headers['accept-language']);
  void send(reply, errorBody(error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 'notFound' : 'badRequest', locale));
}

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError | Error, request: FastifyRequest, reply: FastifyReply) => {
    const locale = localeFromAcceptLanguage(request.headers['accept-language']);

    if (error instanceof AppError) {
      if (error.headers) reply.headers(error.headers);
      return send(
        reply,
        errorBody(error.code, locale, {
          ...(error.field === undefined ? {} : { field: error.field }),
          ...(error.rule === undefined ? {} : { rule: error.rule }),
        }),
      );
    }

    if (hasZodFastifySchemaValidationErrors(error)) {
      // instancePath is "/a/b"; report it as "a.b", the way forms name their fields.
      const issues = error.validation.map((v) => ({
        path: String(v.instancePath)
          .split('/')
          .filter((part: string) => part !== ''),
        message: v.message ?? '',
      }));
      return send(reply, validationBody(issues, locale));
    }

    if (error instanceof ZodError) return send(reply, validationBody(error.issues, locale));

    const status = 'statusCode' in error && typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (status >= 400 && status < 500) {
      return send(reply, errorBody(codeForStatus(status), locale));
    }

    request.log.error({ err: error }, 'request failed');
    return send(reply, errorBody('internalServerError', locale));
  });

  // Unknown routes under /mobile/ are handled by the web app's fallback (static-web.ts).
  app.setNotFoundHandler((request, reply) => {
    const locale = localeFromAcceptLanguage(request.headers['accept-language']);
    return send(reply, errorBody('notFound', locale));
  });
}
