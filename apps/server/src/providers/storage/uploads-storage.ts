import { readdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { emptyWhenMissing } from '../../lib/missing-folder.js';
import { contentTypeOf } from './content-addressed.js';
import type { MediaStorage } from './media-storage.js';

/**
 * Where learners' uploads (avatars, pictures in answers) live: the media storage, under
 * `uploads/` (DATA_DIR/media/uploads, or the bucket), so every server process, on any machine,
 * finds a file another one stored. Names are made by the server (never a client's file name).
 */
export interface FileStorage {
  save(name: string, data: Buffer): Promise<void>;
  /** The stored bytes as a stream with their size; null when there is no such file. */
  open(name: string): Promise<{ stream: Readable; size: number } | null>;
  remove(name: string): Promise<void>;
}

const safeName = /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/;

function keyOf(name: string): string {
  if (!safeName.test(name) || name.includes('..')) throw new Error(`unsafe storage name: ${name}`);
  return `uploads/${name}`;
}

export function createUploadsStorage(storage: MediaStorage): FileStorage {
  return {
    // The storage writes whole files only (a temporary name then a rename, or one S3 PUT).
    save: (name, data) => storage.put(keyOf(name), data, contentTypeOf(name)),
    async open(name) {
      const key = keyOf(name);
      const size = await storage.size(key);
      if (size === null) return null;
      const stream = await storage.read(key);
      return stream === null ? null : { stream, size };
    },
    remove: (name) => storage.remove(keyOf(name)),
  };
}

/**
 * Uploads kept by earlier releases in a folder of their own (DATA_DIR/uploads) move into the
 * media storage: each file is removed from the folder once the storage holds it whole, so a
 * start after the move finds nothing left to look at. Returns how many moved.
 */
export async function moveFolderUploads(dir: string, storage: MediaStorage): Promise<number> {
  const names = await emptyWhenMissing(readdir(dir));
  const uploads = createUploadsStorage(storage);
  let moved = 0;
  for (const name of names) {
    if (!safeName.test(name) || name.endsWith('.partial')) continue;
    const file = path.join(dir, name);
    const data = await readFile(file);
    // Stored by an earlier, interrupted start, or by this one: either way whole before the folder lets go.
    if ((await storage.size(keyOf(name))) !== data.length) {
      await uploads.save(name, data);
      if ((await storage.size(keyOf(name))) !== data.length)
        throw new Error(`${name}: the media storage did not keep it whole`);
    }
    await rm(file);
    moved += 1;
  }
  return moved;
}
