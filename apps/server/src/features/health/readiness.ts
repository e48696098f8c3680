import type { Readiness } from '@school/contract/health';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import type { SchemaVersion } from '../../db/schema-version.js';
import type { MediaStorage } from '../../providers/storage/media-storage.js';

/*
 * What /readyz asks: each dependency at most `timeoutMs`, all at once, so a hung database or
 * bucket makes the answer "not ready" in time for the balancer's own timeout, never a hang.
 */

export interface ReadinessDeps {
  db: Db;
  schemaVersion(db: Db): Promise<SchemaVersion>;
  storage: MediaStorage;
  /** Whether the learner cache hears the database's notifications (true when it keeps nothing). */
  hearingNotifications(): boolean;
  /** Whether the process was asked to stop (SIGTERM) and is draining. */
  stopping(): boolean;
  timeoutMs?: number;
}

/** A key no file is stored under: asking its size proves the storage answers. */
const probeKey = 'readyz/probe';

async function within<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([work, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

export function createReadiness(deps: ReadinessDeps): () => Promise<Readiness> {
  const ms = deps.timeoutMs ?? 2_000;
  return async () => {
    const [database, migrations, storage] = await Promise.all([
      within(deps.db.execute(sql`select 1`), ms).then(
        () => 'ok' as const,
        () => 'unreachable' as const,
      ),
      within(deps.schemaVersion(deps.db), ms).then(
        (version) => (version.state === 'current' ? ('ok' as const) : version.state),
        () => 'unknown' as const,
      ),
      within(deps.storage.size(probeKey), ms).then(
        () => 'ok' as const,
        () => 'unreachable' as const,
      ),
    ]);
    const checks: Readiness['checks'] = {
      database,
      migrations,
      notifications: deps.hearingNotifications() ? 'ok' : 'lost',
      storage,
      process: deps.stopping() ? 'stopping' : 'ok',
    };
    return { ok: Object.values(checks).every((value) => value === 'ok'), checks };
  };
}
