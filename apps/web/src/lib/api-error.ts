import { statusTextKey, type ErrorCode } from '@school/contract/errors';

/** A failed call, as every caller sees it: the catalogue code, the HTTP status and the field. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    /**
     * The response body's code, or null when it had none: one of the catalogue's from our server.
     * Not checked against the catalogue, which would cost every first screen 0.9 KB gzip (issue 28):
     * a code it lacks (a newer server's) has no text, and the status text stands (errorMessageId).
     */
    readonly code: ErrorCode | (string & {}) | null,
    /** HTTP status; 0 when the request never got an answer. */
    readonly status: number,
    readonly field?: string,
    /** Message id of the violated validation rule. */
    readonly rule?: string,
    serverMessage?: string,
    /** How long the server asks to wait before trying again (a 429's Retry-After), in seconds. */
    readonly retryAfterSeconds?: number,
  ) {
    super(serverMessage ?? code ?? `HTTP ${status}`);
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/**
 * docs/product.md#error-catalogue: the notice text comes from the response code if we know it, else from the HTTP
 * status, else the default text. `known` says whether a message id exists in the catalogue.
 */
export function errorMessageId(error: Pick<ApiError, 'code' | 'status'>, known: (id: string) => boolean): string {
  if (error.code) {
    const id = `error.${error.code}`;
    if (known(id)) return id;
  }
  const byStatus = statusTextKey(error.status || undefined);
  return known(byStatus) ? byStatus : 'status.default';
}

/**
 * The warning notice of a failure: its message id (docs/product.md#error-catalogue, errorMessageId) and the values the
 * text takes. A refusal for going too fast that says how long to wait tells the learner that
 * wait instead of "later": in seconds, and from 120 s in whole minutes rounded up, so the learner
 * is never sent back too soon. Those texts travel with the account screens (decision 017), where
 * every limit of ours is met (logins, SMS sends, look-ups); elsewhere the status text stands.
 */
export function errorNotice(
  error: Pick<ApiError, 'code' | 'status' | 'retryAfterSeconds'>,
  known: (id: string) => boolean,
): { id: string; values?: Record<string, number> } {
  const wait = error.status === 429 ? error.retryAfterSeconds : undefined;
  const id = wait && (wait < 120 ? 'auth.retryInSeconds' : 'auth.retryInMinutes');
  return id && known(id)
    ? { id, values: { seconds: wait, minutes: Math.ceil(wait / 60) } }
    : { id: errorMessageId(error, known) };
}

/**
 * Reads `{code, message, field?, rule?}` from a failed response, tolerating any other body, and
 * the wait its Retry-After header asks for: whole seconds, as our server sends them (the
 * HTTP-date form would need the device's clock, which may be off, so it is left out).
 */
export function apiErrorFrom(status: number, body: unknown, retryAfter: string | null = null): ApiError {
  const { code, message, field, rule } = body && typeof body === 'object' ? (body as Record<string, unknown>) : {};
  return new ApiError(
    typeof code === 'string' && code !== '' ? code : null,
    status,
    typeof field === 'string' ? field : undefined,
    typeof rule === 'string' ? rule : undefined,
    typeof message === 'string' ? message : undefined,
    retryAfter !== null && /^\d+$/.test(retryAfter) ? Number(retryAfter) : undefined,
  );
}
