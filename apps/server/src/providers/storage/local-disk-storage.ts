import { createReadStream } from 'node:fs';
import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';

/**
 * Where uploaded bytes live. Names are made by the server (never a client's file name), so a
 * name is a plain file name with no path in it.
 */
export interface FileStorage {
  save(name: string, data: Buffer): Promise<void>;
  /** The stored bytes as a stream with their size; null when there is no such file. */
  open(name: string): Promise<{ stream: Readable; size: number } | null>;
  remove(name: string): Promise<void>;
}

const safeName = /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/;

function pathOf(dir: string, name: string): string {
  if (!safeName.test(name) || name.includes('..')) throw new Error(`unsafe storage name: ${name}`);
  return path.join(dir, name);
}

/** Files in a folder of the data directory (DATA_DIR/uploads). */
export function createLocalDiskStorage(dir: string): FileStorage {
  let ready: Promise<unknown> | null = null;
  return {
    async save(name, data) {
      ready ??= mkdir(dir, { recursive: true });
      await ready;
      const target = pathOf(dir, name);
      // Write then rename: a reader never sees half a file.
      const partial = `${target}.partial`;
      await writeFile(partial, data, { flag: 'wx' });
      await rename(partial, target);
    },
    async open(name) {
      const file = pathOf(dir, name);
      const info = await stat(file).catch(() => null);
      if (info === null || !info.isFile()) return null;
      return { stream: createReadStream(file), size: info.size };
    },
    async remove(name) {
      await rm(pathOf(dir, name), { force: true });
    },
  };
}
