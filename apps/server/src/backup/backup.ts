import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { access, mkdir, readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { promisify } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { ConfigError, type DatabaseConfig } from '../config/env.js';
import { pgliteExtensions, type Database } from '../db/database.js';
import { holdsNoSchool } from '../db/holds-no-school.js';
import { codeSchemaVersion, schemaVersion } from '../db/schema-version.js';
import { emptyWhenMissing } from '../lib/missing-folder.js';
import { contentTypeOf } from '../providers/storage/content-addressed.js';
import { mediaPathOf, type MediaStorage } from '../providers/storage/media-storage.js';

/*
 * `npm run backup -- <dir>` and `npm run restore -- <dir>` (docs/deploy.md). A backup is a folder:
 * - database.dump: PostgreSQL's own consistent dump (pg_dump, custom format), or
 *   database.tar.gz: the embedded database's data folder (PGlite's dumpDataDir);
 * - media/<key>: every file of the media storage (local folder or S3 bucket): lesson media, pack
 *   pictures and learners' uploads, copied after the database, so every file the dump names is
 *   there (stored files are never changed in place);
 * - manifest.json: what is in it, and the schema it was taken at.
 * A restore goes into an empty database and storage only: it never mixes two schools' data.
 */

const run = promisify(execFile);

export interface BackupSources {
  database: Database;
  databaseConfig: DatabaseConfig;
  storage: MediaStorage;
}

export interface Manifest {
  format: 1;
  takenAt: string;
  schema: string;
  database: 'database.dump' | 'database.tar.gz';
  media: { key: string; size: number }[];
}

async function isEmptyFolder(dir: string): Promise<boolean> {
  return (await emptyWhenMissing(readdir(dir))).length === 0;
}

export async function takeBackup(sources: BackupSources, dir: string): Promise<Manifest> {
  if (!(await isEmptyFolder(dir))) throw new ConfigError([`${dir}: a backup goes into a new or empty folder`]);
  await mkdir(dir, { recursive: true });
  const version = await schemaVersion(sources.database.db);
  let database: Manifest['database'];
  if (sources.databaseConfig.driver === 'postgres') {
    database = 'database.dump';
    // One snapshot of the whole database, whatever is written meanwhile.
    await run('pg_dump', [
      '--format=custom',
      '--no-owner',
      `--file=${path.join(dir, database)}`,
      sources.databaseConfig.url,
    ]);
  } else {
    database = 'database.tar.gz';
    if (sources.database.driver !== 'pglite') throw new Error('the database open is not the embedded one configured');
    const image = await sources.database.dumpImage();
    await writeFile(path.join(dir, database), Buffer.from(await image.arrayBuffer()));
  }
  const media: Manifest['media'] = [];
  for await (const file of sources.storage.list()) {
    const target = mediaPathOf(path.join(dir, 'media'), file.key);
    await mkdir(path.dirname(target), { recursive: true });
    const bytes = await sources.storage.read(file.key);
    if (bytes === null) continue;
    await pipeline(bytes, createWriteStream(target));
    media.push({ key: file.key, size: (await stat(target)).size });
  }
  const manifest: Manifest = {
    format: 1,
    takenAt: new Date().toISOString(),
    schema: version.state === 'current' ? version.code : (version.database ?? 'none'),
    database,
    media: media.sort((a, b) => a.key.localeCompare(b.key)),
  };
  await writeFile(path.join(dir, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  return manifest;
}

export interface RestoreTargets {
  databaseConfig: DatabaseConfig;
  /** Opens the target database once its data is in place (PGlite) or to check it (PostgreSQL). */
  open(): Promise<Database>;
  storage: MediaStorage;
}

async function sha256Of(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/** Restores the backup in `dir` into an empty database and storage; returns its manifest. */
export async function restoreBackup(targets: RestoreTargets, dir: string): Promise<Manifest> {
  const manifest = JSON.parse(await readFile(path.join(dir, 'manifest.json'), 'utf8')) as Manifest;
  if (manifest.format !== 1) throw new ConfigError([`${dir}: not a backup of this product (manifest format)`]);
  const dump = path.join(dir, manifest.database);
  await access(dump);
  for await (const file of targets.storage.list()) {
    throw new ConfigError([`media storage: a restore goes into an empty storage (it holds ${file.key})`]);
  }
  if (targets.databaseConfig.driver === 'postgres') {
    if (manifest.database !== 'database.dump')
      throw new ConfigError([`${dir}: an embedded database's backup restores into DATA_DIR, without DATABASE_URL`]);
    const database = await targets.open();
    try {
      const tables = (await database.db.execute(
        sql`select count(*)::int as n from pg_tables where schemaname not in ('pg_catalog', 'information_schema')`,
      )) as unknown as { rows: { n: number }[] };
      if (tables.rows[0]!.n > 0)
        throw new ConfigError(['DATABASE_URL: a restore goes into an empty database (createdb a new one)']);
    } finally {
      await database.close();
    }
    // One transaction: a restore that fails leaves the database empty, to try again.
    await run('pg_restore', [
      '--no-owner',
      '--no-privileges',
      '--exit-on-error',
      '--single-transaction',
      `--dbname=${targets.databaseConfig.url}`,
      dump,
    ]);
  } else {
    if (manifest.database !== 'database.tar.gz')
      throw new ConfigError([`${dir}: a PostgreSQL backup restores into DATABASE_URL`]);
    if (targets.databaseConfig.dataDir === 'memory://' || !(await isEmptyFolder(targets.databaseConfig.dataDir))) {
      throw new ConfigError([
        `DATA_DIR: a restore goes into a new data folder (${targets.databaseConfig.dataDir} is not empty)`,
      ]);
    }
    const image = new Blob([await readFile(dump)]);
    await mkdir(targets.databaseConfig.dataDir, { recursive: true });
    const client = await PGlite.create(targets.databaseConfig.dataDir, {
      loadDataDir: image,
      extensions: pgliteExtensions,
    });
    await client.close();
  }
  for (const file of manifest.media) {
    const source = mediaPathOf(path.join(dir, 'media'), file.key);
    await targets.storage.putFile(
      file.key,
      { path: source, size: file.size, sha256: await sha256Of(source) },
      contentTypeOf(file.key),
    );
  }
  return manifest;
}

/** Whether the restored database holds a school, and its schema against this code: what the command tells. */
export async function describeRestored(database: Database): Promise<string> {
  const version = await schemaVersion(database.db);
  const school = (await holdsNoSchool(database.db)) ? 'no school' : 'its schools';
  if (version.state === 'current') return `Restored ${school}, at this code's schema (${version.code}).`;
  return version.state === 'behind'
    ? `Restored ${school}, at ${version.database}: run \`npm run migrate\` to bring it to ${codeSchemaVersion()}.`
    : `Restored ${school}, at ${version.database}, newer than this code: deploy the release that took the backup.`;
}
