import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { apiPaths } from '@school/contract/paths';
import { count } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp, noSchoolYet, type App } from './app.js';
import { ConfigError, loadConfig, loadTestSettings } from './config/env.js';
import { openDatabase, type Db } from './db/database.js';
import { migrateToThisCode } from './db/schema-version.js';
import { tenants, users } from './db/schema.js';
import { demoAccounts } from './demo-data/demo-accounts.js';
import { productionEnv } from './testing/production-env.js';
import { createPostgresDatabase } from './testing/test-app.js';

/*
 * Decision 018, the probe's finding 1: production started on an empty database created the demo
 * school, whose passwords are published (`operator` could pay refunds back). Production starts
 * empty and says so; a database that a development start seeded is refused.
 */

const { testDatabaseUrl } = loadTestSettings();
const cleanups: (() => Promise<void>)[] = [];

afterEach(async () => {
  while (cleanups.length > 0) await cleanups.pop()!();
});

/** A new empty database: a PGlite folder, or a PostgreSQL database when the suite runs on one. */
async function emptyDatabaseEnv(): Promise<Record<string, string>> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'school-production-'));
  cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
  if (testDatabaseUrl === null) return { DATA_DIR: dataDir };
  const postgres = await createPostgresDatabase(testDatabaseUrl);
  cleanups.push(postgres.drop);
  if (postgres.config.driver !== 'postgres') throw new Error('expected a PostgreSQL database');
  return { DATA_DIR: dataDir, DATABASE_URL: postgres.config.url };
}

/** Builds the server as `npm start` would, keeping a handle to its database to count rows. */
async function start(env: Record<string, string>, log: string[] = []): Promise<{ app: App; db: Db }> {
  const config = loadConfig(env, os.tmpdir());
  const database = await openDatabase(config.database);
  // buildApp closes the database, also when it refuses to start.
  const app = await buildApp(config, { database, logStream: { write: (line) => log.push(line) } });
  cleanups.push(() => app.close());
  return { app, db: database.db };
}

const rowsOf = async (db: Db, table: typeof tenants | typeof users) =>
  (await db.select({ n: count() }).from(table))[0]?.n ?? 0;

// A fresh database folder is made (initdb), not copied from the suite's seeded image.
describe('a production start', { timeout: 120_000 }, () => {
  it('leaves an empty database empty: no school, no account, and the log says why', async () => {
    const log: string[] = [];
    const env = productionEnv(await emptyDatabaseEnv());
    // As a deploy does before starting its processes (docs/deploy.md): `npm run migrate`.
    const database = await openDatabase(loadConfig(env, os.tmpdir()).database);
    await migrateToThisCode(database);
    await database.close();
    const { app, db } = await start(env, log);

    expect(await rowsOf(db, tenants)).toBe(0);
    expect(await rowsOf(db, users)).toBe(0);
    expect(log.join('')).not.toContain('seeded the demo school');
    expect(log.some((line) => line.includes(noSchoolYet))).toBe(true);

    for (const account of Object.values(demoAccounts)) {
      const login = await app.inject({
        method: 'POST',
        url: apiPaths.login,
        payload: { username: account.username, password: account.password },
      });
      expect(login.statusCode).toBe(400);
      expect(login.json()).toMatchObject({ code: 'invalidDomainName' });
    }
    const refunds = await app.inject({ method: 'GET', url: '/api/operator/refunds' });
    expect(refunds.statusCode).toBe(400);
    expect(refunds.json()).toMatchObject({ code: 'invalidDomainName' });
  });

  it('refuses a database that a development start seeded, naming the demo accounts', async () => {
    const database = await emptyDatabaseEnv();
    // A development start on the same data folder or database seeds the demo school.
    const development = await start({ ...database, NODE_ENV: 'development', LOG_LEVEL: 'silent' });
    expect(await rowsOf(development.db, users)).toBeGreaterThan(0);
    await development.app.close();

    const error = await start(productionEnv(database)).then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as ConfigError).message;
    expect(message).toContain('operator');
    expect(message).toContain('learner');
    // The published passwords are not repeated in the message.
    expect(message).not.toContain(demoAccounts.operator.password);
  });
});
