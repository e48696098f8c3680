import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { asc } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadTestSettings, type DatabaseConfig } from '../config/env.js';
import { openDatabase, type Database, type Db } from '../db/database.js';
import { attemptAnswers, lessonLearnings, orders, users } from '../db/schema.js';
import { createLocalMediaStorage, type MediaStorage } from '../providers/storage/media-storage.js';
import { createPostgresDatabase, createTestApp, type TestApp } from '../testing/test-app.js';
import { describeRestored, restoreBackup, takeBackup } from './backup.js';

/*
 * docs/deploy.md: `npm run backup` then `npm run restore` into an empty database and storage gives back
 * every learner, answer, progress report, order, media file and upload. On PostgreSQL (CI's
 * second API run) through pg_dump and pg_restore; on the embedded database through its data folder.
 */

const { testDatabaseUrl } = loadTestSettings();
let t: TestApp;
let folder: string;
let storage: MediaStorage;
const cleanups: (() => Promise<void>)[] = [];

beforeAll(async () => {
  folder = await mkdtemp(path.join(os.tmpdir(), 'school-backup-'));
  storage = createLocalMediaStorage(path.join(folder, 'media'));
  t = await createTestApp({ dataDir: path.join(folder, 'data') }, { mediaStorage: storage });
  await storage.put('uploads/a1b2c3.png', Buffer.from('an uploaded picture'), 'image/png');
}, 120_000);
afterAll(async () => {
  await t?.close();
  while (cleanups.length > 0) await cleanups.pop()!();
  await rm(folder, { recursive: true, force: true });
});

/** What a school must get back: learners, their answers and progress, orders. */
async function contentOf(db: Db) {
  return {
    users: (await db.select({ u: users.username }).from(users).orderBy(asc(users.id))).map((r) => r.u),
    answers: await db
      .select()
      .from(attemptAnswers)
      .orderBy(asc(attemptAnswers.attemptId), asc(attemptAnswers.questionId)),
    progress: await db
      .select()
      .from(lessonLearnings)
      .orderBy(asc(lessonLearnings.lessonId), asc(lessonLearnings.userId)),
    orders: (await db.select({ n: orders.tradeNo, s: orders.status }).from(orders).orderBy(asc(orders.id))).map(
      (r) => `${r.n} ${r.s}`,
    ),
  };
}

async function listed(from: MediaStorage) {
  const files = [];
  for await (const file of from.list()) files.push(file);
  return files.sort((a, b) => a.key.localeCompare(b.key));
}

/** A new empty target: a PostgreSQL database, or a data folder for the embedded one. */
async function emptyTarget(): Promise<DatabaseConfig> {
  if (testDatabaseUrl !== null) {
    const postgres = await createPostgresDatabase(testDatabaseUrl);
    cleanups.push(postgres.drop);
    return postgres.config;
  }
  return { driver: 'pglite', dataDir: await mkdtemp(path.join(folder, 'restored-pglite-')) };
}

describe('a backup restored into an empty database and storage', () => {
  it('gives back every learner, answer, progress report, order, media file and upload', async () => {
    const backupDir = path.join(folder, 'backup');
    const manifest = await takeBackup(
      {
        database: t.database,
        databaseConfig: t.config.database,
        storage,
      },
      backupDir,
    );
    expect(manifest.media.length).toBeGreaterThan(10);
    expect(manifest.media).toContainEqual({ key: 'uploads/a1b2c3.png', size: 19 });

    const target = await emptyTarget();
    const restoredStorage = createLocalMediaStorage(path.join(folder, 'restored-media'));
    await restoreBackup(
      { databaseConfig: target, open: () => openDatabase(target), storage: restoredStorage },
      backupDir,
    );

    const restored: Database = await openDatabase(target);
    try {
      const before = await contentOf(t.db);
      expect(before.answers.length).toBeGreaterThan(0);
      expect(before.progress.length).toBeGreaterThan(0);
      expect(before.orders.length).toBeGreaterThan(0);
      expect(await contentOf(restored.db)).toEqual(before);
      expect(await describeRestored(restored)).toMatch(/^Restored its schools, at this code's schema/);
    } finally {
      await restored.close();
    }
    expect(await listed(restoredStorage)).toEqual(await listed(storage));
    const upload = await restoredStorage.read('uploads/a1b2c3.png');
    expect(upload && Buffer.concat(await upload.toArray()).toString()).toBe('an uploaded picture');

    // Never into a storage or a database that holds something already.
    const again = restoreBackup(
      { databaseConfig: await emptyTarget(), open: () => openDatabase(target), storage: restoredStorage },
      backupDir,
    );
    await expect(again).rejects.toThrow(ConfigError);
    const fullDatabase = restoreBackup(
      {
        databaseConfig: target,
        open: () => openDatabase(target),
        storage: createLocalMediaStorage(path.join(folder, 'other-media')),
      },
      backupDir,
    );
    await expect(fullDatabase).rejects.toThrow(/empty database|new data folder/);
    // And a backup goes into a new folder only.
    await expect(
      takeBackup({ database: t.database, databaseConfig: t.config.database, storage }, backupDir),
    ).rejects.toThrow(/new or empty folder/);
  }, 180_000);
});
