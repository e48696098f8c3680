import type { BackgroundJob } from '../../lib/background-jobs.js';
import type { Clock } from '../../providers/clock.js';
import type { HousekeepingRepository } from './housekeeping.repository.js';

const minute = 60_000;

/** How often the tables that only grow are tidied, and how long dead SMS codes are kept. */
export const housekeepingRules = {
  intervalMs: 10 * minute,
  /** An expired or used code stays a day, so a late try is told "expired", not "never sent". */
  smsCodeGraceMs: 24 * 60 * minute,
} as const;

/**
 * Tidies what would otherwise only grow: ended sessions, rate-limit windows that are over,
 * forgotten password-guess counts, dead SMS codes, pending WeChat bindings and reset tokens
 * that expired. Earlier code also tidies some of these when it writes new ones; this catches
 * the rows nobody writes after (a failed login id never tried again).
 */
export function housekeepingJob(repository: HousekeepingRepository, clock: Clock): BackgroundJob {
  return {
    name: 'housekeeping',
    lockKey: 7_240_002,
    intervalMs: housekeepingRules.intervalMs,
    async run(db) {
      const now = clock.now();
      return {
        sessions: await repository.deleteExpiredSessions(db, now),
        rateLimits: await repository.deleteEndedRateLimits(db, now),
        throttles: await repository.deleteForgottenThrottles(db, now),
        smsCodes: await repository.deleteDeadSmsCodes(db, new Date(now.getTime() - housekeepingRules.smsCodeGraceMs)),
        pendingOauth: await repository.deleteExpiredPendingOauth(db, now),
        tickets: await repository.deleteExpiredTickets(db, now),
      };
    },
  };
}
