import type { ErrorCode } from '@school/contract/errors';
import { statusOf } from '@school/contract/errors';

export interface AppErrorOptions {
  /** The input that was refused (400s). */
  field?: string;
  /** Message id of the violated validation rule (contract validation.ts). */
  rule?: string;
  /** Extra response headers, e.g. Retry-After on 429. */
  headers?: Record<string, string>;
  cause?: unknown;
}

/**
 * A failure the learner should see: a catalogue code (docs/product.md#error-catalogue). Services throw it; the one
 * error handler turns it into `{ code, message, field?, rule? }` with the catalogue status.
 */
export class AppError extends Error {
  readonly statusCode: number;
  readonly field: string | undefined;
  readonly rule: string | undefined;
  readonly headers: Record<string, string> | undefined;

  constructor(
    readonly code: ErrorCode,
    options: AppErrorOptions = {},
  ) {
    super(code, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'AppError';
    this.statusCode = statusOf(code);
    this.field = options.field;
    this.rule = options.rule;
    this.headers = options.headers;
  }
}
