/**
 * The constraint a failed write violated when it broke a unique index (SQLSTATE 23505), else
 * null. Looks through wrapper errors (Drizzle wraps the driver's error as `cause`); PGlite and
 * node-postgres both report `code` and `constraint`.
 */
export function uniqueViolation(error: unknown): string | null {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && typeof current === 'object' && current !== null; depth++) {
    const e = current as { code?: unknown; constraint?: unknown; cause?: unknown };
    if (e.code === '23505') return typeof e.constraint === 'string' ? e.constraint : '';
    current = e.cause;
  }
  return null;
}
