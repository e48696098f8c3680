import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  accountTickets,
  attemptThrottles,
  pendingOauth,
  rateLimits,
  sessions,
  smsCodes,
  users,
} from '../../db/schema.js';
import { demoAccounts } from '../../demo-data/demo-accounts.js';
import { loadTestSettings } from '../../config/env.js';
import { runJobOnce, withAdvisoryLock } from '../../lib/background-jobs.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { tenantIdOf } from '../../testing/site.js';
import { createHousekeepingRepository } from './housekeeping.repository.js';
import { housekeepingJob, housekeepingRules } from './housekeeping.service.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const hour = 3_600_000;

/** One dead and one live row in each table the job tidies, around the test clock's now. */
async function arrange(tag: string) {
  const now = t.clock.now().getTime();
  const at = (ms: number) => new Date(now + ms);
  const tenantId = await tenantIdOf(t);
  const [user] = await t.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.username, demoAccounts.newbie.username));
  if (!user) throw new Error('no newbie');
  const session = (id: string, expiresAt: Date) => ({
    id,
    tenantId,
    userId: user.id,
    rememberMe: false,
    expiresAt,
    lastSeenAt: at(-hour),
    createdAt: at(-2 * hour),
  });
  await t.db.insert(sessions).values([session(`dead-${tag}`, at(-1)), session(`live-${tag}`, at(hour))]);
  await t.db.insert(rateLimits).values([
    { key: `dead-${tag}`, count: 3, resetAt: at(-1) },
    { key: `live-${tag}`, count: 3, resetAt: at(hour) },
  ]);
  await t.db.insert(attemptThrottles).values([
    { key: `dead-${tag}`, attempts: 9, lastAttemptAt: at(-25 * hour), expiresAt: at(-hour) },
    { key: `live-${tag}`, attempts: 9, lastAttemptAt: at(-hour), expiresAt: at(23 * hour) },
  ]);
  const code = (phone: string, expiresAt: Date, consumedAt: Date | null) => ({
    tenantId,
    phone,
    purpose: 'login' as const,
    codeHash: 'x',
    expiresAt,
    consumedAt,
    createdAt: at(-2 * housekeepingRules.smsCodeGraceMs),
  });
  const grace = housekeepingRules.smsCodeGraceMs;
  await t.db.insert(smsCodes).values([
    code(`dead-expired-${tag}`, at(-grace - hour), null),
    code(`dead-used-${tag}`, at(hour), at(-grace - hour)),
    // Expired within the grace period: kept, so a late try hears "expired".
    code(`live-expired-${tag}`, at(-hour), null),
    code(`live-${tag}`, at(hour), null),
  ]);
  const pending = (id: string, expiresAt: Date) => ({
    id,
    tenantId,
    provider: 'wechat' as const,
    openid: id,
    expiresAt,
    createdAt: at(-hour),
  });
  await t.db.insert(pendingOauth).values([pending(`dead-${tag}`, at(-1)), pending(`live-${tag}`, at(hour))]);
  const ticket = (id: string, expiresAt: Date) => ({
    id,
    tenantId,
    userId: user.id,
    purpose: 'resetPassword' as const,
    expiresAt,
    createdAt: at(-hour),
  });
  await t.db.insert(accountTickets).values([ticket(`dead-${tag}`, at(-1)), ticket(`live-${tag}`, at(hour))]);
}

async function survivors(tag: string) {
  const mine = (values: string[]) => values.filter((v) => v.includes(tag)).sort();
  return {
    sessions: mine((await t.db.select({ v: sessions.id }).from(sessions)).map((r) => r.v)),
    rateLimits: mine((await t.db.select({ v: rateLimits.key }).from(rateLimits)).map((r) => r.v)),
    throttles: mine((await t.db.select({ v: attemptThrottles.key }).from(attemptThrottles)).map((r) => r.v)),
    smsCodes: mine((await t.db.select({ v: smsCodes.phone }).from(smsCodes)).map((r) => r.v)),
    pendingOauth: mine((await t.db.select({ v: pendingOauth.id }).from(pendingOauth)).map((r) => r.v)),
    tickets: mine((await t.db.select({ v: accountTickets.id }).from(accountTickets)).map((r) => r.v)),
  };
}

const job = () => housekeepingJob(createHousekeepingRepository(), t.clock);

describe('housekeeping', () => {
  it('deletes what can no longer mean anything and keeps everything alive', async () => {
    await arrange('a');
    const done = await runJobOnce(t.db, job());
    expect(done).toMatchObject({ sessions: 1, throttles: 1, smsCodes: 2, pendingOauth: 1, tickets: 1 });
    expect(done?.rateLimits).toBeGreaterThanOrEqual(1);
    expect(await survivors('a')).toEqual({
      sessions: ['live-a'],
      rateLimits: ['live-a'],
      throttles: ['live-a'],
      smsCodes: ['live-a', 'live-expired-a'],
      pendingOauth: ['live-a'],
      tickets: ['live-a'],
    });
  });

  it('does each round once however many processes run it at the same moment', async () => {
    await arrange('b');
    const rounds = await Promise.all([runJobOnce(t.db, job()), runJobOnce(t.db, job()), runJobOnce(t.db, job())]);
    // Each round either held the lock and worked, or found it held and skipped; never both deleting.
    const sessionsDeleted = rounds.reduce((sum, round) => sum + (round?.sessions ?? 0), 0);
    expect(sessionsDeleted).toBe(1);
    expect((await survivors('b')).sessions).toEqual(['live-b']);
  });

  // PGlite is one session, in which an advisory lock is re-entrant: only PostgreSQL has a second
  // process to be locked out.
  it.skipIf(loadTestSettings().testDatabaseUrl === null)(
    'skips a round while another process holds the lock, and does it the round after',
    async () => {
      await arrange('c');
      const heldElsewhere = await withAdvisoryLock(t.db, job().lockKey!, () => runJobOnce(t.db, job()));
      expect(heldElsewhere).toBeNull();
      expect((await survivors('c')).sessions).toEqual(['dead-c', 'live-c']);
      expect((await runJobOnce(t.db, job()))?.sessions).toBe(1);
    },
  );

  it('keeps nothing the learner still needs: a live session still opens the app after a round', async () => {
    const login = await t.app.inject({ method: 'POST', url: '/api/login', payload: demoAccounts.learner });
    const cookie = `sid=${login.cookies.find((c) => c.name === 'sid')?.value}`;
    await runJobOnce(t.db, job());
    expect((await t.app.inject({ url: '/api/users/current', headers: { cookie } })).statusCode).toBe(200);
  });
});
