import { createHash, randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { buildApp, type App } from '../app.js';
import { loadTestSettings, type Config, type DatabaseConfig } from '../config/env.js';
import { openDatabase, openPglite, type Database, type Db } from '../db/database.js';
import { demoPacks } from '../demo-data/load-demo-schools.js';
import type { MediaStorage } from '../providers/storage/media-storage.js';
import { ManualClock } from './manual-clock.js';

/*
 * One fresh database with the demo schools per test file: embedded PGlite in memory by default, or a new
 * PostgreSQL database created beside TEST_DATABASE_URL (and dropped afterwards) when that is
 * set, so the same suite proves both drivers. Never a mocked database.
 */

export interface TestApp {
  app: App;
  /** Direct handle for arranging state the API cannot (e.g. disabling a user). */
  db: Db;
  /** The database itself (a backup dumps it). */
  database: Database;
  clock: ManualClock;
  config: Config;
  close(): Promise<void>;
}

export function testConfig(overrides: Partial<Config> = {}): Config {
  return {
    nodeEnv: 'test',
    port: 0,
    host: '127.0.0.1',
    dataDir: path.join(os.tmpdir(), 'school-test-unused'),
    database: { driver: 'pglite', dataDir: 'memory://' },
    sessionSecret: 'test-session-secret-test-session-secret',
    smsProvider: 'console',
    aliyunSms: null,
    tencentSms: null,
    captcha: { provider: 'none' },
    email: { provider: 'dev-outbox' },
    wechat: null,
    payment: { providers: ['sandbox'], wechatPay: null, alipay: null },
    // Media under dataDir/media: the demo packs' files are copied there at start-up when missing.
    mediaStorage: 'local',
    s3Storage: null,
    publicUrl: 'http://127.0.0.1:8080',
    secureCookies: false,
    // A folder that does not exist: the API alone, unless a test brings its own build.
    webDistDir: path.join(os.tmpdir(), 'school-test-no-web-dist'),
    devRoutes: true,
    logLevel: 'silent',
    trustProxy: false,
    // Timing belongs in benchmarks: pressure relief has its own test (health.test.ts).
    maxEventLoopDelayMs: 0,
    offlineApp: true,
    // Tests read what they just wrote; http-cache.test.ts turns the visitor cache on.
    publicCacheSeconds: 0,
    // As in production: kept learner rows must never be stale, which every test checks in passing.
    learnerCacheSeconds: 60,
    ...overrides,
  };
}

/** A new, empty PostgreSQL database beside `adminUrl` (the suite's TEST_DATABASE_URL). */
export async function createPostgresDatabase(
  adminUrl: string,
): Promise<{ config: DatabaseConfig; drop(): Promise<void> }> {
  const name = `test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE "${name}"`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    config: { driver: 'postgres', url: url.toString() },
    async drop() {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      try {
        await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      } finally {
        await client.end();
      }
    },
  };
}

/*
 * Creating a PGlite cluster (initdb) is most of a test file's start-up. The first file to
 * run saves its freshly migrated database with the demo schools as an image in the temp folder; later
 * files start their own fresh copy from it. The image name is a hash of everything that
 * shapes that database, so a changed migration, schema, pack or demo data never reuses a stale image.
 */
const imagePrefix = 'school-server-test-pglite-';
const here = (relative: string) => fileURLToPath(new URL(relative, import.meta.url));

async function pgliteImageFile(): Promise<string> {
  const hash = createHash('sha256');
  const pgliteEntry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  hash.update(await readFile(path.join(path.dirname(pgliteEntry), '..', 'package.json')));
  const migrations = here('../../drizzle/');
  for (const file of (await readdir(migrations)).filter((f) => f.endsWith('.sql')).sort()) {
    hash.update(await readFile(path.join(migrations, file)));
  }
  const schemaFiles = (await readdir(here('../db/schema/'))).filter((f) => f.endsWith('.ts')).sort();
  for (const file of ['../db/schema.ts', ...schemaFiles.map((f) => `../db/schema/${f}`), '../db/database.ts']) {
    hash.update(await readFile(here(file)));
  }
  // The demo data step and the importer shape the loaded database as much as the packs do, and
  // so do what they store media with: a PDF's page images and texts, the keys files are stored under.
  for (const folder of ['../demo-data/', '../school-pack/']) {
    for (const file of (await readdir(here(folder)))
      .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
      .sort()) {
      hash.update(await readFile(here(folder + file)));
    }
  }
  for (const file of ['../lib/pdf-page-images.ts', '../providers/storage/content-addressed.ts']) {
    hash.update(await readFile(here(file)));
  }
  // The packs: their texts, and their media by size (media rows hold sizes and hashes).
  for (const pack of [demoPacks.demo, demoPacks.second]) {
    for (const file of (await readdir(pack, { recursive: true })).sort()) {
      const full = path.join(pack, file);
      const info = await stat(full);
      if (!info.isFile()) continue;
      hash.update(file.endsWith('.yaml') ? await readFile(full) : `${file}:${info.size}\n`);
    }
  }
  // The demo places exams and enrolment windows around the day it is loaded: a new image each day.
  hash.update(new Date().toISOString().slice(0, 10));
  return path.join(os.tmpdir(), `${imagePrefix}${hash.digest('hex').slice(0, 16)}.tar`);
}

async function openTestPglite(): Promise<{ database: Database; saveImage: (() => Promise<void>) | null }> {
  const file = await pgliteImageFile();
  const image = await readFile(file).then(
    (bytes) => new Blob([bytes]),
    () => undefined,
  );
  if (image) {
    try {
      return { database: await openPglite('memory://', image), saveImage: null };
    } catch {
      // A damaged image (disk full, older PGlite): drop it and build afresh below.
      await rm(file, { force: true });
    }
  }
  const database = await openPglite('memory://');
  return {
    database,
    async saveImage() {
      const bytes = Buffer.from(await (await database.dumpImage()).arrayBuffer());
      // Write then rename: a parallel test file never reads half an image.
      const partial = `${file}.${process.pid}.partial`;
      await writeFile(partial, bytes);
      await rename(partial, file);
      // Images of older schemas are dead weight (~40 MB each).
      const name = path.basename(file);
      for (const other of await readdir(path.dirname(file))) {
        if (other.startsWith(imagePrefix) && other.endsWith('.tar') && other !== name) {
          await rm(path.join(path.dirname(file), other), { force: true });
        }
      }
    },
  };
}

export interface TestAppOptions {
  /**
   * Whether each `app.inject` first waits until this process has heard of every learner row
   * written before it (default true). A test that writes with SQL, as an admin or another
   * process would, then finds the change on its next request on PostgreSQL too, where the
   * notification comes a moment after the commit. Tests of that moment itself turn it off.
   */
  injectAfterHeard?: boolean;
  /** Adds test-only routes before the app is sealed (e.g. one that throws). */
  beforeReady?: (app: App) => void | Promise<void>;
  /** Receives the log lines (give `logLevel` too: tests default to silent). */
  logStream?: { write(line: string): void };
  /** Lesson media and lecture files (default: a folder under DATA_DIR, as the server uses). */
  mediaStorage?: MediaStorage;
}

export async function createTestApp(overrides: Partial<Config> = {}, options: TestAppOptions = {}): Promise<TestApp> {
  const { testDatabaseUrl } = loadTestSettings();
  const postgres = testDatabaseUrl === null ? null : await createPostgresDatabase(testDatabaseUrl);
  const config = testConfig({ ...(postgres ? { database: postgres.config } : {}), ...overrides });
  const clock = new ManualClock();
  const inMemory = config.database.driver === 'pglite' && config.database.dataDir === 'memory://';
  const pglite = inMemory ? await openTestPglite() : null;
  const database = pglite?.database ?? (await openDatabase(config.database));
  let app: App;
  try {
    app = await buildApp(config, {
      database,
      clock,
      ...(options.logStream ? { logStream: options.logStream } : {}),
      ...(options.mediaStorage ? { mediaStorage: options.mediaStorage } : {}),
    });
    // Before any test changes it: the image must be the database as the demo step left it.
    await pglite?.saveImage?.();
    await options.beforeReady?.(app);
    await app.ready();
    if (options.injectAfterHeard ?? true) {
      const inject = app.inject.bind(app) as (opts: InjectOptions | string) => Promise<LightMyRequestResponse>;
      app.inject = (async (opts: InjectOptions | string) => {
        await app.learnerRowsHeard();
        return inject(opts);
      }) as App['inject'];
    }
  } catch (error) {
    await database.close();
    await postgres?.drop();
    throw error;
  }
  return {
    app,
    db: database.db,
    database,
    clock,
    config,
    async close() {
      await app.close();
      await postgres?.drop();
    },
  };
}

/** A throw-away web build: index.html, a hashed asset with pre-compressed twins, a favicon. */
/** The inline script of the fake page's head (as the real page's appearance script), which the policy names by hash. */
export const fakeInlineScript = "document.documentElement.dataset.theme='dark'";

export async function createFakeWebDist(): Promise<{
  dir: string;
  assetPath: string;
  assetBody: string;
  remove(): Promise<void>;
}> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'school-web-dist-'));
  const assetBody = `console.log(${JSON.stringify('x'.repeat(2000))});\n`;
  const assetPath = '/mobile/assets/index-3f9a1c.js';
  await mkdir(path.join(dir, 'assets'));
  await writeFile(
    path.join(dir, 'index.html'),
    `<!doctype html><html><head><script>${fakeInlineScript}</script><title></title></head><body><div id="root"></div>fake app shell</body></html>`,
  );
  await writeFile(path.join(dir, 'assets', 'index-3f9a1c.js'), assetBody);
  await writeFile(path.join(dir, 'assets', 'index-3f9a1c.js.br'), brotliCompressSync(assetBody));
  await writeFile(path.join(dir, 'assets', 'index-3f9a1c.js.gz'), gzipSync(assetBody));
  await writeFile(path.join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  // What Vite writes beside the app: the module map, which must not be served.
  await mkdir(path.join(dir, '.vite'));
  await writeFile(path.join(dir, '.vite', 'manifest.json'), '{"src/app/main.tsx":{"file":"assets/index-3f9a1c.js"}}');
  return { dir, assetPath, assetBody, remove: () => rm(dir, { recursive: true, force: true }) };
}

/** The `Cookie` header a browser would send back after this response. */
export function sessionCookieFrom(response: { cookies: { name: string; value: string }[] }): string {
  const sid = response.cookies.find((c) => c.name === 'sid');
  if (!sid || sid.value === '') throw new Error('response set no session cookie');
  return `sid=${sid.value}`;
}

/** Runs `check` while the school blocks the address inject calls come from, unblocking after. */
export async function whileAddressBlocked(t: TestApp, check: () => Promise<void>): Promise<void> {
  const block = await t.app.inject({
    method: 'PUT',
    url: '/api/dev/system-config',
    payload: { blockedIps: ['127.0.0.1'] },
  });
  if (block.statusCode !== 200) throw new Error(`blocking the address failed: ${block.statusCode}`);
  try {
    await check();
  } finally {
    await t.app.inject({ method: 'PUT', url: '/api/dev/system-config', payload: { blockedIps: [] } });
  }
}

/**
 * A new database with the migrations and nothing else (no school): PGlite in memory, or a
 * PostgreSQL database of its own when the suite runs on one. What a production start or a
 * school's first import meets.
 */
export async function createEmptyDatabase(): Promise<Database & { drop(): Promise<void> }> {
  const { testDatabaseUrl } = loadTestSettings();
  const postgres = testDatabaseUrl === null ? null : await createPostgresDatabase(testDatabaseUrl);
  const database = postgres ? await openDatabase(postgres.config) : await openPglite('memory://');
  await database.prepare(async () => {});
  return Object.assign(database, {
    async drop() {
      await database.close();
      await postgres?.drop();
    },
  });
}
