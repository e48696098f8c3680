import { createHash } from 'node:crypto';
import { cp, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import type { Database, Db } from '../db/database.js';
import { createLocalMediaStorage, type MediaStorage } from '../providers/storage/media-storage.js';
import { createEmptyDatabase } from '../testing/test-app.js';
import { runSchoolCommand } from './school-command.js';

/*
 * What the school pack's test files share: a database and a media storage of their own, temporary
 * folders removed after the file, copies of a pack with some files changed, and the `school`
 * command run as a person runs it, with what it printed.
 */

export interface PackTestbed {
  /** The file's database and storage, there once its `beforeAll` has run. */
  readonly db: Db;
  readonly storage: MediaStorage;
  tempFolder(): Promise<string>;
  /** A copy of a pack with some files rewritten (`null` deletes the file or folder). */
  changedPack(from: string, changes: Record<string, string | null>): Promise<string>;
  run(args: string[]): Promise<{ code: number; out: string[]; err: string[] }>;
}

/** Call at the top of a test file: the testbed is made before its tests and dropped after them. */
export function usePackTestbed(): PackTestbed {
  let database: (Database & { drop(): Promise<void> }) | undefined;
  let storage: MediaStorage | undefined;
  const folders: string[] = [];

  async function tempFolder(): Promise<string> {
    const folder = await mkdtemp(path.join(os.tmpdir(), 'school-pack-'));
    folders.push(folder);
    return folder;
  }

  beforeAll(async () => {
    database = await createEmptyDatabase();
    storage = createLocalMediaStorage(await tempFolder());
  }, 120_000);
  afterAll(async () => {
    await database?.drop();
    await Promise.all(folders.map((folder) => rm(folder, { recursive: true, force: true })));
  });

  const testbed: PackTestbed = {
    get db() {
      return database!.db;
    },
    get storage() {
      return storage!;
    },
    tempFolder,
    async changedPack(from, changes) {
      const folder = await tempFolder();
      await cp(from, folder, { recursive: true });
      for (const [file, text] of Object.entries(changes)) {
        const target = path.join(folder, file);
        if (text === null) await rm(target, { recursive: true });
        else {
          await mkdir(path.dirname(target), { recursive: true });
          await writeFile(target, text);
        }
      }
      return folder;
    },
    async run(args) {
      const out: string[] = [];
      const err: string[] = [];
      const code = await runSchoolCommand({ db: testbed.db, storage: testbed.storage }, args, {
        out: (line) => out.push(line),
        err: (line) => err.push(line),
      });
      return { code, out, err };
    },
  };
  return testbed;
}

/** Each file of a folder: a YAML file's text, another file's SHA-256. */
export async function filesOf(folder: string): Promise<Record<string, string>> {
  const names = (await readdir(folder, { recursive: true, withFileTypes: true }))
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(folder, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
    .sort();
  return Object.fromEntries(
    await Promise.all(
      names.map(async (name) => {
        const bytes = await readFile(path.join(folder, name));
        return [
          name,
          name.endsWith('.yaml') ? bytes.toString('utf8') : createHash('sha256').update(bytes).digest('hex'),
        ];
      }),
    ),
  );
}
