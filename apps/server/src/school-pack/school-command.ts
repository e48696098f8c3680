import { asc, eq } from 'drizzle-orm';
import type { Db } from '../db/database.js';
import { tenantHosts, tenants } from '../db/schema.js';
import type { MediaStorage } from '../providers/storage/media-storage.js';
import { exportPack, schoolOfHost, writePack, writePackFiles } from './export-pack.js';
import { makeOperator } from './first-operator.js';
import { packJsonSchemas } from './pack-json-schema.js';
import { importPack, PackConflict, type ImportSummary } from './import-pack.js';
import { formatProblem, readPack } from './read-pack.js';
import type { MediaProgress } from './store-media.js';

/*
 * `npm run school -- <command>`: how a school's content gets into a database and back out
 * (docs/school-pack.md). Kept apart from the process (cli/school.ts) so tests run it on their
 * own database and read what it prints.
 */

const defaultRunAs = 'npm run school --';

export const schoolUsage = (runAs = defaultRunAs) => `Usage: ${runAs} <command>
  import <folder> [--dry-run]   check a school pack and create or update its school
  export <host> <folder>        write the school that answers <host> as a pack
  list                          the schools of this database and their hosts
  operator <host> <username>    make <username> an operator of that school (deciding refunds),
                                with a generated one-time password printed once
  schema <folder>               write the JSON Schemas of the pack's files (for editors)`;

export interface CommandOutput {
  /** How the commands are run, for the lines that name one: `npm run school --` unless said. */
  runAs?: string;
  out(line: string): void;
  err(line: string): void;
  /** Where a long import shows its progress (a terminal's status line); none in tests. */
  progress?: MediaProgress;
}

/** What a command works on: the database and the media storage the server uses. */
export interface CommandContext {
  db: Db;
  storage: MediaStorage;
}

/** Bytes as megabytes with one decimal, as the summary and the progress line show them. */
export const megabytes = (bytes: number) => (bytes / 1_048_576).toFixed(1);

function summaryLines(summary: ImportSummary, dryRun: boolean): string[] {
  const lines = [`${dryRun ? 'would be ' : ''}school ${summary.school}`];
  for (const [kind, counts] of Object.entries(summary.counts)) {
    lines.push(`  ${kind}: ${counts.created} created, ${counts.updated} updated, ${counts.removed} removed`);
  }
  const { files, uploaded, uploadedBytes } = summary.media;
  lines.push(
    `  media files: ${files}, ${dryRun ? 'none stored (dry run)' : `${uploaded} uploaded (${megabytes(uploadedBytes)} MB)`}`,
  );
  return lines;
}

/** A rollback that carries the summary of the writes it undoes (a dry run's answer). */
class DryRun extends Error {
  constructor(readonly summary: ImportSummary) {
    super('dry run');
  }
}

/** Runs one command; returns the process's exit code (0 done, 1 the pack or the command was refused, 2 usage). */
export async function runSchoolCommand(
  { db, storage }: CommandContext,
  args: readonly string[],
  io: CommandOutput,
): Promise<number> {
  const [command, ...rest] = args;
  const progress = io.progress === undefined ? {} : { progress: io.progress };
  if (command === 'import') {
    const dryRun = rest.includes('--dry-run');
    const [folder, ...extra] = rest.filter((arg) => arg !== '--dry-run');
    if (folder === undefined || extra.length > 0) return usage(io);
    const read = await readPack(folder);
    if (read.pack === null) {
      for (const problem of read.problems) io.err(formatProblem(problem));
      io.err(`${read.problems.length} problem${read.problems.length === 1 ? '' : 's'}: nothing was written`);
      return 1;
    }
    const pack = read.pack;
    try {
      const summary = dryRun
        ? await db
            .transaction(async (tx) => {
              // The real writes, then rolled back: a dry run meets every check the database makes.
              throw new DryRun(await importPack(tx, pack, { storage: null, ...progress }));
            })
            .catch((error: unknown) => {
              if (error instanceof DryRun) return error.summary;
              throw error;
            })
        : await importPack(db, pack, { storage, ...progress });
      for (const line of summaryLines(summary, dryRun)) io.out(line);
      if (dryRun) io.out('dry run: nothing was written');
      return 0;
    } catch (error) {
      if (!(error instanceof PackConflict)) throw error;
      for (const problem of error.problems) io.err(formatProblem(problem));
      io.err('nothing was written');
      return 1;
    }
  }
  if (command === 'export') {
    const [host, folder, ...extra] = rest;
    if (host === undefined || folder === undefined || extra.length > 0) return usage(io);
    const tenantId = await schoolOfHost(db, host);
    if (tenantId === null) {
      io.err(`no school answers ${host}`);
      return 1;
    }
    const pack = await exportPack(db, tenantId);
    await writePack(folder, pack, storage);
    io.out(`wrote ${pack.files.size + pack.media.size} files to ${folder}`);
    return 0;
  }
  if (command === 'list') {
    if (rest.length > 0) return usage(io);
    const schools = await db.select().from(tenants).orderBy(asc(tenants.id));
    if (schools.length === 0) io.out(`no school yet: ${io.runAs ?? defaultRunAs} import <folder>`);
    for (const school of schools) {
      const hosts = await db
        .select({ host: tenantHosts.host })
        .from(tenantHosts)
        .where(eq(tenantHosts.tenantId, school.id))
        .orderBy(asc(tenantHosts.seq));
      const names = hosts.map((h) => h.host).join(', ') || '(no host of its own)';
      io.out(`${school.name.en || school.name.cn}: ${names}${school.isDefault ? ' (default)' : ''}`);
    }
    return 0;
  }
  if (command === 'operator') {
    const [host, username, ...extra] = rest;
    if (host === undefined || username === undefined || extra.length > 0) return usage(io);
    const tenantId = await schoolOfHost(db, host);
    if (tenantId === null) {
      io.err(`no school answers ${host}`);
      return 1;
    }
    const result = await makeOperator(db, tenantId, username);
    if (!result.ok) {
      io.err(result.problem);
      return 1;
    }
    const [school] = await db.select({ name: tenants.name }).from(tenants).where(eq(tenants.id, tenantId));
    io.out(`${username} ${result.created ? 'is now' : 'stays'} an operator of ${school!.name.en || school!.name.cn}.`);
    io.out(`one-time password: ${result.password}`);
    io.out('It opens one session: log in with it, then set a password of your own (Me → Settings → Password).');
    return 0;
  }
  if (command === 'schema') {
    const [folder, ...extra] = rest;
    if (folder === undefined || extra.length > 0) return usage(io);
    const files = packJsonSchemas();
    await writePackFiles(folder, files);
    io.out(`wrote ${files.size} files to ${folder}`);
    return 0;
  }
  return usage(io);
}

function usage(io: CommandOutput): number {
  io.err(schoolUsage(io.runAs));
  return 2;
}
