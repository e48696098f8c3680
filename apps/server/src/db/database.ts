import { mkdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { SQL } from 'drizzle-orm';
import { PgDialect, type PgDatabase, type PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import type { DatabaseConfig } from '../config/env.js';
import * as schema from './schema.js';

/** The Drizzle handle repositories receive; the same type for PGlite, PostgreSQL and transactions. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  readonly driver: DatabaseConfig['driver'];
  readonly db: Db;
  /**
   * Applies the committed migrations, then runs `afterMigrate` (the seed), while holding a
   * lock that keeps several server processes starting on one PostgreSQL from racing.
   */
  prepare(afterMigrate: (db: Db) => Promise<void>): Promise<void>;
  close(): Promise<void>;
}

// apps/server/{src,dist}/db → apps/server/drizzle: the same SQL whether run from sources or the build.
const migrationsFolder = fileURLToPath(new URL('../../drizzle', import.meta.url));

// Any constant works; it only has to be the same for every process of this application.
const startupLockKey = 7_240_001;

export interface OpenDatabaseOptions {
  onPoolError?: (error: Error) => void;
  /**
   * PGlite in memory only: start from a `dumpImage()` tarball instead of an empty cluster
   * (tests reuse one migrated, seeded image: initdb is most of PGlite's start-up time).
   */
  pgliteImage?: Blob;
}

export async function openDatabase(config: DatabaseConfig, options: OpenDatabaseOptions = {}): Promise<Database> {
  if (config.driver === 'postgres') return openPostgres(config.url, options.onPoolError ?? (() => {}));
  return openPglite(config.dataDir, options.pgliteImage);
}

export interface PgliteDatabase extends Database {
  /** The whole cluster as a tarball, loadable with `pgliteImage`. */
  dumpImage(): Promise<Blob>;
}

export async function openPglite(dataDir: string, image?: Blob): Promise<PgliteDatabase> {
  const memory = dataDir === 'memory://';
  if (!memory) await mkdir(dataDir, { recursive: true });
  // PGlite is a single connection: queries run one at a time, which also serializes start-up.
  // pg_trgm indexes the catalogue's substring search (decision record 008).
  const extensions = { pg_trgm };
  const client = memory
    ? await PGlite.create(image ? { loadDataDir: image, extensions } : { extensions })
    : await PGlite.create(dataDir, { extensions });
  const db = drizzlePglite(client, { schema });
  let closed = false;
  return {
    driver: 'pglite',
    db,
    dumpImage: () => client.dumpDataDir('none'),
    async prepare(afterMigrate) {
      await migratePglite(db, { migrationsFolder });
      await afterMigrate(db);
    },
    async close() {
      // An open PGlite keeps the process alive, and closing twice throws.
      if (closed) return;
      closed = true;
      await client.close();
    },
  };
}

async function openPostgres(url: string, onPoolError: (error: Error) => void): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  // An idle client losing its connection emits 'error' on the pool; unhandled, it would crash the process.
  pool.on('error', onPoolError);
  const db = drizzleNodePg(pool, { schema });
  let closed = false;
  return {
    driver: 'postgres',
    db,
    async prepare(afterMigrate) {
      // Advisory locks belong to a connection, so migrate and seed on one dedicated client.
      const client = await pool.connect();
      try {
        await client.query('SELECT pg_advisory_lock($1)', [startupLockKey]);
        try {
          const locked = drizzleNodePg(client, { schema });
          await migrateNodePg(locked, { migrationsFolder });
          await afterMigrate(locked);
        } finally {
          await client.query('SELECT pg_advisory_unlock($1)', [startupLockKey]);
        }
      } finally {
        client.release();
      }
    },
    async close() {
      if (closed) return;
      closed = true;
      await pool.end();
    },
  };
}

const dialect = new PgDialect();

/**
 * Runs a hot statement as a named prepared statement on PostgreSQL, so each connection plans it
 * once instead of on every call (planning a many-join statement costs PostgreSQL more than
 * running it). `name` must always go with the same SQL text. PGlite runs it as it is.
 */
export async function executePrepared<Row>(db: Db, name: string, query: SQL): Promise<Row[]> {
  const client = (db as Db & { $client?: unknown }).$client;
  if (client instanceof pg.Pool) {
    const { sql: text, params } = dialect.sqlToQuery(query);
    const result = await client.query({ name, text, values: params });
    return result.rows as Row[];
  }
  const { rows } = (await db.execute(query)) as unknown as { rows: Row[] };
  return rows;
}
