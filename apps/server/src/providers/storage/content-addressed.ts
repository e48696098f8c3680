import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import type { MediaFile } from '../../db/schema.js';
import type { MediaStorage } from './media-storage.js';

/*
 * Files stored under the SHA-256 of their bytes (`pack/<sha256>.<ext>`): a file stored again is
 * found by its hash and not uploaded twice, whoever stores it (a school pack's import, the video
 * conversion). Read and hashed as a stream, then uploaded as one: memory stays flat whatever the
 * size.
 */

const contentTypes: Record<string, string> = {
  '.mp4': 'video/mp4',
  '.m3u8': 'application/vnd.apple.mpegurl',
  '.ts': 'video/mp2t',
  '.mp3': 'audio/mpeg',
  '.m4a': 'audio/mp4',
  '.aac': 'audio/aac',
  '.wav': 'audio/wav',
  '.pdf': 'application/pdf',
  '.webp': 'image/webp',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.zip': 'application/zip',
  '.txt': 'text/plain; charset=utf-8',
};

/** The content type a file is stored and served with; downloads of other kinds are plain bytes. */
export const contentTypeOf = (file: string) =>
  contentTypes[path.extname(file).toLowerCase()] ?? 'application/octet-stream';

export interface StoredByHash extends MediaFile {
  /** Whether this call uploaded it (the storage lacked it). */
  uploaded: boolean;
}

/**
 * Stores the file at `filePath` under its hash, named `name` for learners; with no storage (a dry
 * run) only hashes it. `onBytes` hears the bytes read.
 */
export async function storeByHash(
  storage: MediaStorage | null,
  filePath: string,
  name: string,
  onBytes?: (bytes: number) => void,
): Promise<StoredByHash> {
  const { size } = await stat(filePath);
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(filePath)) {
    hash.update(chunk as Buffer);
    onBytes?.((chunk as Buffer).length);
  }
  const sha256 = hash.digest('hex');
  const key = `pack/${sha256}${path.extname(name).toLowerCase()}`;
  const contentType = contentTypeOf(name);
  let uploaded = false;
  if (storage !== null && (await storage.size(key)) !== size) {
    await storage.putFile(key, { path: filePath, size, sha256 }, contentType);
    uploaded = true;
  }
  return { key, name, contentType, size, uploaded };
}
