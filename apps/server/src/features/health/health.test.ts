import { apiPaths } from '@school/contract/paths';
import { readinessSchema, operatorPaths } from '@school/contract/health';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schemaVersion } from '../../db/schema-version.js';
import { pressureRetryAfterSeconds } from '../../plugins/pressure.js';
import { createLocalMediaStorage } from '../../providers/storage/media-storage.js';
import { createS3MediaStorage } from '../../providers/storage/s3-media-storage.js';
import { startFakeS3, type FakeS3 } from '../../testing/fake-s3.js';
import { createEmptyDatabase, createTestApp, type TestApp } from '../../testing/test-app.js';
import { createReadiness, type ReadinessDeps } from './readiness.js';

/*
 * Decision 020: what a balancer or orchestrator asks of a process. Alive (/healthz) asks nothing
 * else; ready (/readyz) asks each thing the process needs and names the one that fails; an
 * overloaded process answers 503 with Retry-After at once, its health still answered.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

describe('/healthz and /readyz', () => {
  it('says a started process is alive and ready, with nothing cached and no cookie', async () => {
    for (const url of [operatorPaths.healthz, operatorPaths.health]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.json()).toEqual({ ok: true });
      expect(res.headers['set-cookie']).toBeUndefined();
    }
    const ready = await t.app.inject({ method: 'GET', url: operatorPaths.readyz });
    expect(ready.statusCode).toBe(200);
    expect(readinessSchema.parse(ready.json())).toEqual({
      ok: true,
      checks: { database: 'ok', migrations: 'ok', notifications: 'ok', storage: 'ok', process: 'ok' },
    });
    expect(ready.headers['cache-control']).toMatch(/no-store|private/);
  });

  it('answers on any host, a school or none', async () => {
    const res = await t.app.inject({ method: 'GET', url: operatorPaths.readyz, headers: { host: '10.0.0.7:8080' } });
    expect(res.statusCode).toBe(200);
  });
});

describe('readiness, each dependency failing', () => {
  let fakeS3: FakeS3;
  const keys = { accessKeyId: 'AKIAREADYZ', secretAccessKey: 'readyz-secret', region: 'us-east-1' };
  beforeAll(async () => {
    fakeS3 = await startFakeS3({ ...keys, bucket: 'readyz' });
  });
  afterAll(async () => fakeS3?.close());

  const healthy = (): ReadinessDeps => ({
    db: t.db,
    schemaVersion,
    storage: createLocalMediaStorage(t.config.dataDir),
    hearingNotifications: () => true,
    stopping: () => false,
  });
  const s3 = (over: { secretAccessKey?: string; endpoint?: string }) =>
    createS3MediaStorage(
      { endpoint: fakeS3.url, bucket: 'readyz', forcePathStyle: true, ...keys, ...over },
      { now: () => new Date() },
    );

  it('is ready with an S3 bucket that answers', async () => {
    expect(await createReadiness({ ...healthy(), storage: s3({}) })()).toMatchObject({ ok: true });
  });

  it('names the storage when the bucket refuses the keys or nothing listens', async () => {
    for (const storage of [s3({ secretAccessKey: 'wrong-secret' }), s3({ endpoint: 'http://127.0.0.1:9' })]) {
      const answer = await createReadiness({ ...healthy(), storage })();
      expect(answer).toEqual({
        ok: false,
        checks: { database: 'ok', migrations: 'ok', notifications: 'ok', storage: 'unreachable', process: 'ok' },
      });
    }
  });

  it('names the database when it does not answer, in time', async () => {
    const closed = await createEmptyDatabase();
    await closed.drop();
    const answer = await createReadiness({ ...healthy(), db: closed.db, timeoutMs: 1_000 })();
    expect(answer.ok).toBe(false);
    expect(answer.checks).toMatchObject({ database: 'unreachable', migrations: 'unknown', storage: 'ok' });
  });

  it('names migrations behind (a deploy that did not migrate) and ahead (code older than the database)', async () => {
    const database = await createEmptyDatabase();
    try {
      const ready = createReadiness({ ...healthy(), db: database.db });
      expect((await ready()).checks.migrations).toBe('ok');
      await database.db.execute(
        sql`delete from drizzle.__drizzle_migrations where id = (select max(id) from drizzle.__drizzle_migrations)`,
      );
      expect(await ready()).toMatchObject({ ok: false, checks: { migrations: 'behind', database: 'ok' } });
      await database.db.execute(
        sql`insert into drizzle.__drizzle_migrations (hash, created_at) values ('newer', ${Date.now() + 86_400_000})`,
      );
      expect(await ready()).toMatchObject({ ok: false, checks: { migrations: 'ahead' } });
    } finally {
      await database.drop();
    }
  });

  it('names lost notifications and a process that is stopping', async () => {
    expect((await createReadiness({ ...healthy(), hearingNotifications: () => false })()).checks).toMatchObject({
      notifications: 'lost',
    });
    const stopping = await createReadiness({ ...healthy(), stopping: () => true })();
    expect(stopping).toMatchObject({ ok: false, checks: { process: 'stopping', database: 'ok' } });
  });

  it('answers 503 through the route when the bucket goes away after the start', async () => {
    const bucket = await startFakeS3({ ...keys, bucket: 'readyz' });
    const storage = createS3MediaStorage(
      { endpoint: bucket.url, bucket: 'readyz', forcePathStyle: true, ...keys },
      { now: () => new Date() },
    );
    const app = await createTestApp({}, { mediaStorage: storage });
    try {
      expect((await app.app.inject({ method: 'GET', url: operatorPaths.readyz })).statusCode).toBe(200);
      await bucket.close();
      const res = await app.app.inject({ method: 'GET', url: operatorPaths.readyz });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ ok: false, checks: { storage: 'unreachable', database: 'ok' } });
      // Alive all the same: a lost bucket is no reason to restart the process.
      expect((await app.app.inject({ method: 'GET', url: operatorPaths.healthz })).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  }, 60_000);
});

describe('an overloaded process', () => {
  let busy: TestApp;
  beforeAll(async () => {
    busy = await createTestApp({ maxEventLoopDelayMs: 50 });
  });
  afterAll(async () => busy?.close());

  /** Keeps the event loop ~200 ms behind, as a process doing more work than it can. */
  function overload(): () => void {
    const timer = setInterval(() => {
      const until = Date.now() + 200;
      while (Date.now() < until) {
        // busy on purpose
      }
    }, 10);
    return () => clearInterval(timer);
  }

  it('answers 503 serviceUnavailable with Retry-After at once, still answers its health, and recovers', async () => {
    const stop = overload();
    let refused;
    try {
      // Each try after a pause: the load runs on timers, between the tries.
      for (let i = 0; i < 100 && refused === undefined; i++) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        const res = await busy.app.inject({ method: 'GET', url: apiPaths.tenantCurrent });
        if (res.statusCode === 503) refused = res;
      }
      expect(refused, 'no request was refused while overloaded').toBeDefined();
      expect(refused!.headers['retry-after']).toBe(String(pressureRetryAfterSeconds));
      expect(refused!.json()).toMatchObject({ code: 'serviceUnavailable' });
      expect((await busy.app.inject({ method: 'GET', url: operatorPaths.healthz })).statusCode).toBe(200);
    } finally {
      stop();
    }
    let answered = 0;
    for (let i = 0; i < 100 && answered !== 200; i++) {
      answered = (await busy.app.inject({ method: 'GET', url: apiPaths.tenantCurrent })).statusCode;
      if (answered !== 200) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(answered).toBe(200);
  });
});
