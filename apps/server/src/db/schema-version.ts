import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { ConfigError, type Config } from '../config/env.js';
import { migrationsFolder, type Database, type Db } from './database.js';

/*
 * Which migration a database's schema is at, against the last one this code brings. Drizzle
 * records each applied migration in drizzle.__drizzle_migrations with the `when` of its journal
 * entry (created_at), and applies those newer than the newest recorded: so the newest recorded
 * `when` says where a database is. A process refuses a database that is behind (a deploy that
 * did not run `npm run migrate`) or ahead (code older than the database, after a rollback).
 */

interface JournalEntry {
  when: number;
  tag: string;
}

export type SchemaVersion =
  { state: 'current'; code: string } | { state: 'behind' | 'ahead'; code: string; database: string | null };

let journal: JournalEntry[] | null = null;
function codeMigrations(): JournalEntry[] {
  journal ??= (
    JSON.parse(readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as {
      entries: JournalEntry[];
    }
  ).entries;
  return journal;
}

/** The name of the last migration this code brings (e.g. `0015_homework_status`). */
export const codeSchemaVersion = () => codeMigrations().at(-1)!.tag;

export async function schemaVersion(db: Db): Promise<SchemaVersion> {
  const entries = codeMigrations();
  const last = entries.at(-1)!;
  const exists = (await db.execute(
    sql`select to_regclass('drizzle.__drizzle_migrations') is not null as present`,
  )) as unknown as {
    rows: { present: boolean }[];
  };
  if (exists.rows[0]?.present !== true) return { state: 'behind', code: last.tag, database: null };
  const newest = (await db.execute(
    sql`select max(created_at)::text as at from drizzle.__drizzle_migrations`,
  )) as unknown as { rows: { at: string | null }[] };
  const at = newest.rows[0]?.at == null ? null : Number(newest.rows[0].at);
  // A database of newer code has a `when` this code does not know: only its time is told.
  const name = (when: number | null) =>
    when === null
      ? null
      : (entries.find((entry) => entry.when === when)?.tag ?? `a migration of ${new Date(when).toISOString()}`);
  if (at === last.when) return { state: 'current', code: last.tag };
  return { state: at !== null && at > last.when ? 'ahead' : 'behind', code: last.tag, database: name(at) };
}

/** Why a process will not serve a database that is not at this code's schema, and what to do. */
export function schemaRefusal(version: Exclude<SchemaVersion, { state: 'current' }>): string {
  if (version.state === 'behind') {
    return (
      `DATABASE_URL: the database's schema is at ${version.database ?? 'no migration yet'}, and this code needs ` +
      `${version.code}. Run \`npm run migrate\` once for this deploy (every process waits for none), then start the processes.`
    );
  }
  return (
    `DATABASE_URL: the database's schema is at ${version.database}, newer than this code's ${version.code}: the ` +
    'database was migrated by a newer release. Deploy that release, or restore the backup taken before it migrated.'
  );
}

/**
 * Readies `database` for this code: migrates it, except a production on PostgreSQL, whose
 * processes (several, started together) only check it, since the deploy migrated it once
 * (`npm run migrate`); then refuses a schema that is not this code's; then runs `then` under
 * the same start-up lock (the demo schools, outside production).
 */
export async function prepareForThisCode(
  database: Database,
  config: Pick<Config, 'nodeEnv' | 'database'>,
  then: (db: Db) => Promise<void> = async () => {},
): Promise<void> {
  const migrate = !(config.nodeEnv === 'production' && config.database.driver === 'postgres');
  await database.prepare(
    async (db) => {
      const version = await schemaVersion(db);
      if (version.state !== 'current') throw new ConfigError([schemaRefusal(version)]);
      await then(db);
    },
    { migrate },
  );
}

/**
 * `npm run migrate`: brings `database` to this code's schema under the start-up lock (a second
 * migrate, or a development start, waits and then finds nothing to do) and says from where.
 * Throws a ConfigError for a database ahead of this code, which it leaves as it is.
 */
export async function migrateToThisCode(database: Database): Promise<{ from: string | null; to: string }> {
  // Read before taking the lock, only to tell what changed: another deploy may migrate between.
  const before = await schemaVersion(database.db);
  await database.prepare(
    async (db) => {
      const version = await schemaVersion(db);
      if (version.state !== 'current') throw new ConfigError([schemaRefusal(version)]);
    },
    { migrate: true },
  );
  return {
    from: before.state === 'current' ? before.code : (before.database ?? null),
    to: codeSchemaVersion(),
  };
}
