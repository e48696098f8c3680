/*
 * The learner's time zone, as IANA names it. The first Intl.DateTimeFormat a page makes builds
 * ICU's date patterns for the browser's language: 20-40 ms on a desktop, four times that on a
 * slow phone, all inside the task that starts the page's code. Temporal, where the browser has
 * it, reads the same setting at once. Both name the zone ICU found on the device; should they
 * ever spell it differently, the server's render is simply not reused (lib/first-answers).
 */
declare const Temporal: { Now: { timeZoneId(): string } } | undefined;

export function learnerTimeZone(): string {
  return typeof Temporal === 'undefined' ? Intl.DateTimeFormat().resolvedOptions().timeZone : Temporal.Now.timeZoneId();
}
