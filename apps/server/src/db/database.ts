import { access, copyFile, mkdir, readdir, readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
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
export const migrationsFolder = fileURLToPath(new URL('../../drizzle', import.meta.url));

// pg_trgm indexes the catalogue's substring search (decision record 008).
export const pgliteExtensions = { pg_trgm };

/*
 * A new PGlite cluster on disk costs most of a first start: PGlite runs initdb in WebAssembly
 * (seconds), then the migrations. The build makes that cluster once (pglite-template.ts, run
 * after tsc): initdb'ed and migrated, in apps/server/dist/pglite-template, with the PGlite
 * version that made it. An empty data folder starts as a copy of it when the versions match;
 * the migrations then apply whatever the template lacks. Without a matching template PGlite
 * makes the cluster itself, as before.
 */
export const pgliteTemplateDir = fileURLToPath(new URL('../../dist/pglite-template', import.meta.url));
/** Inside a template folder: the cluster, and the PGlite version that made it. */
export const pgliteTemplateLayout = { data: 'pgdata', version: 'pglite-version' } as const;

/** The installed PGlite's version: a template is used only by the PGlite that made it. */
export async function installedPgliteVersion(): Promise<string> {
  const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  const pkg = JSON.parse(await readFile(path.join(path.dirname(entry), '..', 'package.json'), 'utf8')) as {
    version: string;
  };
  return pkg.version;
}

/**
 * Copies the build's cluster into `dataDir` when it holds no cluster yet and the template was
 * made by this PGlite. PG_VERSION (how PGlite tells a cluster is there) is copied last, so a copy
 * cut short is taken for an empty folder and done again. Returns whether it copied.
 */
export async function installPgliteTemplate(dataDir: string, templateDir = pgliteTemplateDir): Promise<boolean> {
  const exists = (file: string) =>
    access(file).then(
      () => true,
      () => false,
    );
  if (await exists(path.join(dataDir, 'PG_VERSION'))) return false;
  const template = path.join(templateDir, pgliteTemplateLayout.data);
  const [made, installed] = await Promise.all([
    readFile(path.join(templateDir, pgliteTemplateLayout.version), 'utf8').catch(() => null),
    installedPgliteVersion(),
  ]);
  if (made?.trim() !== installed || !(await exists(path.join(template, 'PG_VERSION')))) return false;
  // All files at once (fs.cp copies one after another: several times slower for ~1,300 files).
  const entries = await readdir(template, { recursive: true, withFileTypes: true });
  const relative = (entry: (typeof entries)[number]) =>
    path.relative(template, path.join(entry.parentPath, entry.name));
  for (const entry of entries) {
    if (entry.isDirectory()) await mkdir(path.join(dataDir, relative(entry)), { recursive: true });
  }
  await Promise.all(
    entries
      .filter((entry) => entry.isFile() && relative(entry) !== 'PG_VERSION')
      .map((entry) => copyFile(path.join(template, relative(entry)), path.join(dataDir, relative(entry)))),
  );
  await copyFile(path.join(template, 'PG_VERSION'), path.join(dataDir, 'PG_VERSION'));
  return true;
}

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
  if (!memory) {
    await mkdir(dataDir, { recursive: true });
    await installPgliteTemplate(dataDir);
  }
  // PGlite is a single connection: queries run one at a time, which also serializes start-up.
  const extensions = pgliteExtensions;
  // Every start sets up all of shared_buffers in WebAssembly memory: PGlite's default 128 MB
  // takes ~0.4 s more than 32 MB, still several times the demo school's data.
  const startParams = [...PGlite.defaultStartParams, '-c', 'shared_buffers=32MB'];
  const client = memory
    ? await PGlite.create(image ? { loadDataDir: image, extensions, startParams } : { extensions, startParams })
    : await PGlite.create(dataDir, { extensions, startParams });
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
