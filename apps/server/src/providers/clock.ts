/** The time source of every rule that depends on "now" (sessions, rate limits), so tests can move it. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = {
  now: () => new Date(),
};
