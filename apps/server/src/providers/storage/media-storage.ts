import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { emptyWhenMissing } from '../../lib/missing-folder.js';

/** Inclusive byte range of a stored file (HTTP Range semantics). */
export interface ByteRange {
  start: number;
  end: number;
}

/**
 * Where lesson media and lecture files live: local disk (default) or an S3-compatible bucket.
 * Keys are made by the server (`<tenant>/<media id>/<file name>`), never by a client. Routes
 * check membership on every request, then either stream the bytes through the app (local) or
 * answer with a short-lived signed URL (S3), so nothing paid is reachable by guessing a URL.
 */
/** A file on this machine to store, with what is already known of it. */
export interface LocalFile {
  path: string;
  size: number;
  /** SHA-256 of its bytes, hex. */
  sha256: string;
}

export interface MediaStorage {
  put(key: string, data: Buffer, contentType: string): Promise<void>;
  /** Stores a file streamed from disk: a video of a gigabyte never sits in memory. */
  putFile(key: string, file: LocalFile, contentType: string): Promise<void>;
  /** Size of a stored file; null when there is none. */
  size(key: string): Promise<number | null>;
  /** The bytes of a stored file, whole or one range; null when there is no such file. */
  read(key: string, range?: ByteRange): Promise<Readable | null>;
  /**
   * A URL the browser may fetch directly for a while (S3 presigned GET), or null: the app serves
   * the bytes itself.
   */
  signedUrl(
    key: string,
    options: { expiresInSeconds: number; contentType: string; downloadName?: string },
  ): Promise<string | null>;
  /** Removes a stored file; nothing happens when there is none. */
  remove(key: string): Promise<void>;
  /** Every stored file with its size, in no particular order (a backup copies them all). */
  list(): AsyncIterable<{ key: string; size: number }>;
  /** Origins the browser loads media from directly (the CSP's media-src, img-src, connect-src). */
  readonly origins: readonly string[];
}

const safeKey = /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}(\/[A-Za-z0-9][A-Za-z0-9._-]{0,127}){0,4}$/;

/**
 * Throws for a key that is not one the server makes: up to five `/`-separated parts of letters,
 * digits, `.`, `_` and `-`, none starting with a dot. Every adapter checks it, so a key can
 * never climb out of the media folder nor name another bucket's path.
 */
export function assertSafeMediaKey(key: string): void {
  // Each part starts with a letter or digit: no `..`, no hidden files, no empty part.
  if (!safeKey.test(key)) throw new Error('unsafe media storage key');
}

/** A key's path under `dir`; throws for anything that could leave it. */
export function mediaPathOf(dir: string, key: string): string {
  assertSafeMediaKey(key);
  return path.join(dir, ...key.split('/'));
}

/** Files under a folder of the data directory (DATA_DIR/media). */
export function createLocalMediaStorage(dir: string): MediaStorage {
  return {
    origins: [],
    async put(key, data) {
      const target = mediaPathOf(dir, key);
      await mkdir(path.dirname(target), { recursive: true });
      // Write then rename: a reader never sees half a file. The partial name is unique, so two
      // processes putting the same key (test files copying the demo media) never collide.
      const partial = `${target}.${process.pid}-${randomBytes(4).toString('hex')}.partial`;
      await writeFile(partial, data);
      await rename(partial, target);
    },
    async putFile(key, file) {
      const target = mediaPathOf(dir, key);
      await mkdir(path.dirname(target), { recursive: true });
      const partial = `${target}.${process.pid}-${randomBytes(4).toString('hex')}.partial`;
      try {
        await pipeline(createReadStream(file.path), createWriteStream(partial));
        await rename(partial, target);
      } catch (error) {
        await rm(partial, { force: true });
        throw error;
      }
    },
    async size(key) {
      const info = await stat(mediaPathOf(dir, key)).catch(() => null);
      return info !== null && info.isFile() ? info.size : null;
    },
    async read(key, range) {
      const file = mediaPathOf(dir, key);
      const info = await stat(file).catch(() => null);
      if (info === null || !info.isFile()) return null;
      return createReadStream(file, range === undefined ? {} : { start: range.start, end: range.end });
    },
    async signedUrl(key) {
      assertSafeMediaKey(key);
      // The app streams the bytes itself, after its own membership check.
      return null;
    },
    async remove(key) {
      await rm(mediaPathOf(dir, key), { force: true });
    },
    async *list() {
      const entries = await emptyWhenMissing(readdir(dir, { recursive: true, withFileTypes: true }));
      for (const entry of entries) {
        // A file being written is not stored yet.
        if (!entry.isFile() || entry.name.endsWith('.partial')) continue;
        const file = path.join(entry.parentPath, entry.name);
        yield { key: path.relative(dir, file).split(path.sep).join('/'), size: (await stat(file)).size };
      }
    },
  };
}
