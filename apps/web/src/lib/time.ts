/** Lengths of time in milliseconds, for countdowns and tips computed from server times. */
export const secondMs = 1000;
export const minuteMs = 60 * secondMs;
export const hourMs = 60 * minuteMs;
export const dayMs = 24 * hourMs;

/** An ISO time from the server as epoch milliseconds; null when absent or unreadable. */
export function timeOf(iso: string | null): number | null {
  if (iso === null) return null;
  const ms = Date.parse(iso);
  return Number.isFinite(ms) ? ms : null;
}
