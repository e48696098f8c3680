import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/database.js';

/*
 * Background work that every server process runs on a timer (decision 010). Each run takes a
 * PostgreSQL advisory lock for the length of its transaction: with several processes on one
 * database, one does the work and the others skip that round. A run never overlaps the
 * previous one in the same process, a failure is logged and the next round tries again, and
 * the timer never keeps the process alive; `app.close()` waits for the round under way.
 */

export interface BackgroundJob {
  name: string;
  /**
   * Any integer unique to this job among the application's advisory locks. Null for a job
   * whose conditional writes already make two processes' rounds harmless and that calls
   * remote services (payment gateways): those calls must not hold a transaction open, and on
   * PGlite's single connection a gateway's own query would wait for it forever.
   */
  lockKey: number | null;
  intervalMs: number;
  run(db: Db): Promise<Record<string, number>>;
}

/**
 * Runs `work` in a transaction holding the advisory lock `key`; null when another session
 * holds it (the work is being done elsewhere).
 */
export async function withAdvisoryLock<T>(db: Db, key: number, work: (tx: Db) => Promise<T>): Promise<T | null> {
  return db.transaction(async (tx) => {
    // Both drivers answer a raw query with `{ rows }`; the shared Db type does not say so.
    const { rows } = (await tx.execute(sql`select pg_try_advisory_xact_lock(${key}) as locked`)) as unknown as {
      rows: { locked: boolean }[];
    };
    if (rows[0]?.locked !== true) return null;
    return work(tx as unknown as Db);
  });
}

/** One round of a job under its lock: what it did (counts by name), or null when skipped. */
export function runJobOnce(db: Db, job: BackgroundJob): Promise<Record<string, number> | null> {
  if (job.lockKey === null) return job.run(db);
  return withAdvisoryLock(db, job.lockKey, (tx) => job.run(tx));
}

export function scheduleJob(app: FastifyInstance, db: Db, job: BackgroundJob): void {
  let running: Promise<void> | null = null;
  const tick = async () => {
    try {
      const done = await runJobOnce(db, job);
      if (done !== null && Object.values(done).some((n) => n > 0))
        app.log.info({ job: job.name, ...done }, 'background job done');
    } catch (err) {
      app.log.error({ err, job: job.name }, 'background job failed');
    }
  };
  const timer = setInterval(() => {
    if (running !== null) return;
    running = tick().finally(() => (running = null));
  }, job.intervalMs);
  timer.unref();
  // A stop lets the round under way finish (its transaction commits or rolls back whole) before
  // the database closes under it; a round that never ends is cut by the stop's deadline.
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await running;
  });
}
