import { access, copyFile, mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
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
import { ConfigError, type DatabaseConfig } from '../config/env.js';
import * as schema from './schema.js';

/** The Drizzle handle repositories receive; the same type for PGlite, PostgreSQL and transactions. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

/** An open database: what the driver is tells which one (`driver === 'pglite'` narrows to PgliteDatabase). */
export type Database = PostgresDatabase | PgliteDatabase;

interface OpenDatabase {
  readonly db: Db;
  /**
   * Applies the committed migrations (unless `migrate` is false: a production deploy on
   * PostgreSQL migrates once, by `npm run migrate`), then runs `afterMigrate` (the schema check,
   * the demo schools outside production), while holding a lock that keeps several processes
   * starting or migrating on one PostgreSQL from racing.
   */
  prepare(afterMigrate: (db: Db) => Promise<void>, options?: { migrate?: boolean }): Promise<void>;
  /**
   * Hears what is sent on `channel` (pg_notify) from now on; closed with the database. Resolves
   * once the first attempt to listen has succeeded or failed (on PostgreSQL it then keeps trying).
   */
  listen(channel: string, handlers: NotifyHandlers): Promise<NotifyListener>;
  close(): Promise<void>;
}

export interface NotifyHandlers {
  onNotify(payload: string): void;
  /**
   * `true` once notifications are heard; `false` when some may be missed from now on (the
   * listening connection lost, PostgreSQL only), until `true` again.
   */
  onState(listening: boolean): void;
}

export interface NotifyListener {
  /**
   * Resolves once every notification sent by a transaction committed before the call has been
   * handed to `onNotify` (or the listening connection is lost, which `onState` reports).
   */
  settle(): Promise<void>;
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
   * (tests reuse one migrated image with the demo schools: initdb is most of PGlite's start-up time).
   */
  pgliteImage?: Blob;
  /** PostgreSQL: the first pause before listening again after the connection is lost (tests widen it). */
  listenRetryMs?: number;
}

export async function openDatabase(config: DatabaseConfig, options: OpenDatabaseOptions = {}): Promise<Database> {
  if (config.driver === 'postgres') {
    return openPostgres(config.url, options.onPoolError ?? (() => {}), options.listenRetryMs ?? listenerRetryMs.first);
  }
  return openPglite(config.dataDir, options.pgliteImage);
}

export interface PostgresDatabase extends OpenDatabase {
  readonly driver: 'postgres';
}

export interface PgliteDatabase extends OpenDatabase {
  readonly driver: 'pglite';
  /** The whole cluster as a tarball, loadable with `pgliteImage`. */
  dumpImage(): Promise<Blob>;
}

/**
 * The file naming the process that has an embedded database open: beside its folder, not in it
 * (PGlite mirrors its folder in memory and writes it back on close).
 */
export const pgliteOwnerFile = (dataDir: string) => `${dataDir.replace(/[\\/]+$/, '')}.owner.pid`;

const isRunning = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it runs, as another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/**
 * Claims a DATA_DIR's embedded database for this process. PGlite keeps the cluster in this
 * process's memory and writes it back on close: a second process opening the folder (the
 * `school` command beside a running server) would have its writes overwritten, lost without a
 * word. So the second one is refused, naming the first; a claim left by a process that no longer
 * runs is taken over. Returns the release.
 */
async function claimPglite(dataDir: string): Promise<() => Promise<void>> {
  const file = pgliteOwnerFile(dataDir);
  for (;;) {
    try {
      await writeFile(file, String(process.pid), { flag: 'wx' });
      return () => rm(file, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const owner = Number.parseInt(await readFile(file, 'utf8').catch(() => ''), 10);
    if (Number.isSafeInteger(owner) && owner > 0 && owner !== process.pid && isRunning(owner)) {
      throw new ConfigError([
        `DATA_DIR: the embedded database in ${dataDir} is open in process ${owner} (a running server?). ` +
          'It belongs to one process at a time: stop that process first, or use PostgreSQL (DATABASE_URL), ' +
          'which several processes share.',
      ]);
    }
    await rm(file, { force: true });
  }
}

export async function openPglite(dataDir: string, image?: Blob): Promise<PgliteDatabase> {
  const memory = dataDir === 'memory://';
  let release = async () => {};
  if (!memory) {
    await mkdir(dataDir, { recursive: true });
    release = await claimPglite(dataDir);
    await installPgliteTemplate(dataDir);
  }
  // PGlite is a single connection: queries run one at a time, which also serializes start-up.
  const extensions = pgliteExtensions;
  // Every start sets up all of shared_buffers in WebAssembly memory: PGlite's default 128 MB
  // takes ~0.4 s more than 32 MB, still several times the demo school's data.
  const startParams = [...PGlite.defaultStartParams, '-c', 'shared_buffers=32MB'];
  const client = await (
    memory
      ? PGlite.create(image ? { loadDataDir: image, extensions, startParams } : { extensions, startParams })
      : PGlite.create(dataDir, { extensions, startParams })
  ).catch(async (error: unknown) => {
    await release();
    throw error;
  });
  const db = drizzlePglite(client, { schema });
  let closed = false;
  return {
    driver: 'pglite',
    db,
    dumpImage: () => client.dumpDataDir('none'),
    async prepare(afterMigrate, { migrate = true } = {}) {
      if (migrate) await migratePglite(db, { migrationsFolder });
      await afterMigrate(db);
    },
    async listen(channel, handlers) {
      // One embedded connection: a notification comes back with the result of the statement
      // that committed it, and PGlite calls the listener (queued as a microtask) before the
      // writer's own promise resolves. Nothing is ever in flight, so settling is immediate.
      await client.listen(channel, handlers.onNotify);
      handlers.onState(true);
      return { settle: async () => {} };
    },
    async close() {
      // An open PGlite keeps the process alive, and closing twice throws.
      if (closed) return;
      closed = true;
      await client.close();
      await release();
    },
  };
}

async function openPostgres(
  url: string,
  onPoolError: (error: Error) => void,
  listenRetryMs: number,
): Promise<PostgresDatabase> {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  // An idle client losing its connection emits 'error' on the pool; unhandled, it would crash the process.
  pool.on('error', onPoolError);
  const db = drizzleNodePg(pool, { schema });
  const listeners: PostgresListener[] = [];
  let closed = false;
  return {
    driver: 'postgres',
    db,
    async prepare(afterMigrate, { migrate = true } = {}) {
      // Advisory locks belong to a connection, so migrate and load on one dedicated client.
      const client = await pool.connect();
      try {
        await client.query('SELECT pg_advisory_lock($1)', [startupLockKey]);
        try {
          const locked = drizzleNodePg(client, { schema });
          if (migrate) await migrateNodePg(locked, { migrationsFolder });
          await afterMigrate(locked);
        } finally {
          await client.query('SELECT pg_advisory_unlock($1)', [startupLockKey]);
        }
      } finally {
        client.release();
      }
    },
    async listen(channel, handlers) {
      const listener = createPostgresListener(url, channel, handlers, listenRetryMs);
      listeners.push(listener);
      await listener.started;
      return listener;
    },
    async close() {
      if (closed) return;
      closed = true;
      await Promise.all(listeners.map((listener) => listener.close()));
      await pool.end();
    },
  };
}

/** The name the listening connections go by in pg_stat_activity. */
export const listenerApplicationName = 'school-notify-listener';
const listenerRetryMs = { first: 100, max: 5_000 };
/** How often a quiet listening connection is asked whether it is still there, and how long it may take to say so. */
export const listenerHeartbeat = { everyMs: 5_000, timeoutMs: 5_000 };

interface PostgresListener extends NotifyListener {
  started: Promise<void>;
  close(): Promise<void>;
}

/**
 * LISTEN on a connection of its own (a pool's connections are shared and recycled). When it is
 * lost (an error, its end, or no answer to the heartbeat), `onState(false)` says notifications
 * may be missed, and it connects again after a growing pause; `onState(true)` once it listens.
 */
function createPostgresListener(
  url: string,
  channel: string,
  handlers: NotifyHandlers,
  firstRetryMs: number,
): PostgresListener {
  let current: pg.Client | null = null;
  let closed = false;
  let retryMs = firstRetryMs;
  let retry: NodeJS.Timeout | undefined;
  const dead = new WeakSet<pg.Client>();

  function lost(client: pg.Client): void {
    if (dead.has(client)) return;
    dead.add(client);
    client.end().catch(() => {});
    if (client === current) {
      current = null;
      handlers.onState(false);
    }
    if (closed) return;
    retry = setTimeout(() => void connect(), retryMs);
    retry.unref();
    retryMs = Math.max(firstRetryMs, Math.min(retryMs * 2, listenerRetryMs.max));
  }

  /** `select 1` answered on the listening connection (notifications committed before it come first), or the connection given up. */
  async function roundTrip(client: pg.Client): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<'timeout'>((resolve) => {
      timer = setTimeout(() => resolve('timeout'), listenerHeartbeat.timeoutMs);
      timer.unref();
    });
    try {
      const answered = await Promise.race([client.query('select 1').then(() => 'answered' as const), timeout]);
      if (answered === 'timeout') lost(client);
    } catch {
      lost(client);
    } finally {
      clearTimeout(timer);
    }
  }

  async function connect(): Promise<void> {
    if (closed) return;
    const client = new pg.Client({ connectionString: url, application_name: listenerApplicationName });
    client.on('notification', (message) => {
      if (message.channel === channel && message.payload !== undefined) handlers.onNotify(message.payload);
    });
    client.on('error', () => lost(client));
    client.on('end', () => lost(client));
    try {
      await client.connect();
      await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    } catch {
      lost(client);
      return;
    }
    if (closed || dead.has(client)) {
      lost(client);
      return;
    }
    current = client;
    retryMs = firstRetryMs;
    handlers.onState(true);
  }

  const heartbeat = setInterval(() => {
    if (current !== null) void roundTrip(current);
  }, listenerHeartbeat.everyMs);
  heartbeat.unref();

  // Barriers are shared: one `select 1` answers every caller that asked before it was sent.
  let queued: Promise<void> | null = null;
  let inFlight: Promise<void> = Promise.resolve();

  return {
    started: connect(),
    settle() {
      if (current === null) return Promise.resolve();
      if (queued !== null) return queued;
      const barrier = inFlight.then(() => {
        queued = null;
        return current === null ? undefined : roundTrip(current);
      });
      queued = barrier;
      inFlight = barrier;
      return barrier;
    },
    async close() {
      closed = true;
      clearInterval(heartbeat);
      clearTimeout(retry);
      const client = current;
      current = null;
      if (client !== null) {
        dead.add(client);
        await client.end().catch(() => {});
      }
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
