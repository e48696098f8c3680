import { isErrorCode, statusTextKey, type ErrorCode } from '@school/contract/errors';

/** A failed call, as every caller sees it: the catalogue code, the HTTP status and the field. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    /** Catalogue code from the response body, or null when the body had none we know. */
    readonly code: ErrorCode | null,
    /** HTTP status; 0 when the request never got an answer. */
    readonly status: number,
    readonly field?: string,
    /** Message id of the violated validation rule. */
    readonly rule?: string,
    serverMessage?: string,
  ) {
    super(serverMessage ?? code ?? `HTTP ${status}`);
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/**
 * Spec §8: the notice text comes from the response code if we know it, else from the HTTP
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

/** Reads `{code, message, field?, rule?}` from a failed response, tolerating any other body. */
export function apiErrorFrom(status: number, body: unknown): ApiError {
  if (body && typeof body === 'object') {
    const { code, message, field, rule } = body as Record<string, unknown>;
    return new ApiError(
      isErrorCode(code) ? code : null,
      status,
      typeof field === 'string' ? field : undefined,
      typeof rule === 'string' ? rule : undefined,
      typeof message === 'string' ? message : undefined,
    );
  }
  return new ApiError(null, status);
}
