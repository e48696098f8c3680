import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, loadTestSettings, type Config } from '../config/env.js';
import { createPostgresDatabase, createEmptyDatabase } from '../testing/test-app.js';
import { openDatabase, openPglite, type Database } from './database.js';
import { codeSchemaVersion, migrateToThisCode, prepareForThisCode, schemaVersion } from './schema-version.js';

/*
 * Decision 020: a deploy migrates once (`npm run migrate`, under the start-up lock), and a process
 * refuses a database whose schema is not its code's, saying what to do, instead of serving it.
 */

const { testDatabaseUrl } = loadTestSettings();
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  while (cleanups.length > 0) await cleanups.pop()!();
});

/** A database with no migration at all: a PGlite in memory, or a new PostgreSQL database. */
async function unmigrated(): Promise<{ database: Database; config: Config['database'] }> {
  if (testDatabaseUrl === null) {
    const database = await openPglite('memory://');
    cleanups.push(() => database.close());
    return { database, config: { driver: 'pglite', dataDir: 'memory://' } };
  }
  const postgres = await createPostgresDatabase(testDatabaseUrl);
  cleanups.push(postgres.drop);
  const database = await openDatabase(postgres.config);
  cleanups.push(() => database.close());
  return { database, config: postgres.config };
}

const productionOnPostgres: Pick<Config, 'nodeEnv' | 'database'> = {
  nodeEnv: 'production',
  database: { driver: 'postgres', url: 'postgres://unused' },
};

const migrationsRecorded = async (database: Database) =>
  (
    (await database.db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`)) as unknown as {
      rows: { n: number }[];
    }
  ).rows[0]!.n;

describe('the schema a process serves', () => {
  it('is not migrated by a production process on PostgreSQL: it refuses, naming `npm run migrate`', async () => {
    const { database } = await unmigrated();
    const error = await prepareForThisCode(database, productionOnPostgres).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as Error).message).toContain('npm run migrate');
    expect((error as Error).message).toContain(codeSchemaVersion());
    expect(await schemaVersion(database.db)).toMatchObject({ state: 'behind', database: null });
  });

  it('is migrated by a development start, and by a production on its own embedded database', async () => {
    for (const nodeEnv of ['development', 'production'] as const) {
      const { database, config } = await unmigrated();
      // The rule is the configuration's: PostgreSQL in production only checks.
      if (nodeEnv === 'production' && config.driver === 'postgres') continue;
      await prepareForThisCode(database, { nodeEnv, database: config });
      expect(await schemaVersion(database.db)).toEqual({ state: 'current', code: codeSchemaVersion() });
    }
  });

  it('refuses a database a newer release migrated, in every mode, and leaves it as it is', async () => {
    const database = await createEmptyDatabase();
    cleanups.push(database.drop);
    const newer = Date.now() + 86_400_000;
    await database.db.execute(
      sql`insert into drizzle.__drizzle_migrations (hash, created_at) values ('newer', ${newer})`,
    );
    for (const config of [
      productionOnPostgres,
      { nodeEnv: 'development', database: { driver: 'pglite', dataDir: 'memory://' } } as const,
    ]) {
      const error = await prepareForThisCode(database, config).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ConfigError);
      expect((error as Error).message).toContain('newer than this code');
    }
    await expect(migrateToThisCode(database)).rejects.toThrow(/newer than this code/);
    expect(await schemaVersion(database.db)).toMatchObject({ state: 'ahead' });
  });
});

describe('npm run migrate', () => {
  it('migrates once and says from where; a second run finds nothing to do', async () => {
    const { database } = await unmigrated();
    expect(await migrateToThisCode(database)).toEqual({ from: null, to: codeSchemaVersion() });
    expect(await migrateToThisCode(database)).toEqual({ from: codeSchemaVersion(), to: codeSchemaVersion() });
    await prepareForThisCode(database, productionOnPostgres);
  });

  it.runIf(testDatabaseUrl !== null)('run twice at once (two deploys) applies each migration once', async () => {
    const postgres = await createPostgresDatabase(testDatabaseUrl!);
    cleanups.push(postgres.drop);
    const [first, second] = [await openDatabase(postgres.config), await openDatabase(postgres.config)];
    cleanups.push(
      () => first.close(),
      () => second.close(),
    );
    const results = await Promise.all([migrateToThisCode(first), migrateToThisCode(second)]);
    expect(results.map((r) => r.to)).toEqual([codeSchemaVersion(), codeSchemaVersion()]);
    // Had both applied them, the second would have failed on tables that already exist, or
    // recorded each migration twice.
    const journal = await import('../../drizzle/meta/_journal.json', { with: { type: 'json' } });
    expect(await migrationsRecorded(first)).toBe(journal.default.entries.length);
  });
});
