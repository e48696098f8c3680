import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import type { MediaFile } from '../db/schema.js';
import { probeMedia } from '../lib/media-probe.js';
import type { MediaStorage } from '../providers/storage/media-storage.js';
import { storeByHash } from '../providers/storage/content-addressed.js';
import type { PackFileRef } from './read-pack.js';

/*
 * A pack's media into the media storage by their hash (providers/storage/content-addressed.ts):
 * a re-import uploads only new or changed files, and a file several lessons share is stored once. Video and audio lengths come from ffprobe (FFmpeg, decision 019), a
 * PDF's page count from pdf.js.
 */

export interface PackMediaFile extends MediaFile {
  /** Where the file is in the pack: export writes it back there. */
  source: string;
}

export interface MediaProgress {
  /** A file is about to be hashed (and uploaded when the storage lacks it). */
  onFile?(file: { packPath: string; size: number }): void;
  /** Bytes of the current file read so far. */
  onBytes?(bytes: number): void;
}

/** Stores each distinct file of a pack once, by its hash. */
export function createMediaStore(storage: MediaStorage | null, progress: MediaProgress = {}) {
  const stored = new Map<string, Promise<PackMediaFile>>();
  // A file a hundred lessons share is measured once: ffprobe costs ~0.1 s a run.
  const durations = new Map<string, Promise<number>>();
  const pageCounts = new Map<string, Promise<number>>();
  const once = <T>(cache: Map<string, Promise<T>>, ref: PackFileRef, measure: (file: string) => Promise<T>) => {
    let value = cache.get(ref.packPath);
    if (value === undefined) {
      value = measure(ref.absolute);
      cache.set(ref.packPath, value);
    }
    return value;
  };
  const counts = { files: 0, uploaded: 0, uploadedBytes: 0 };

  async function storeOne(ref: PackFileRef): Promise<PackMediaFile> {
    const { size } = await stat(ref.absolute);
    progress.onFile?.({ packPath: ref.packPath, size });
    const { uploaded, ...file } = await storeByHash(
      storage,
      ref.absolute,
      path.posix.basename(ref.packPath),
      progress.onBytes,
    );
    counts.files += 1;
    if (uploaded) {
      counts.uploaded += 1;
      counts.uploadedBytes += file.size;
    }
    return { ...file, source: ref.packPath };
  }

  return {
    counts,
    /** The stored file of a pack file (the same promise for every lesson naming it). */
    store(ref: PackFileRef): Promise<PackMediaFile> {
      let file = stored.get(ref.packPath);
      if (file === undefined) {
        file = storeOne(ref);
        stored.set(ref.packPath, file);
      }
      return file;
    },
    /** Seconds of a video or audio file of the pack (measured once per file). */
    duration: (ref: PackFileRef) => once(durations, ref, measureDuration),
    /** Pages of a PDF of the pack (counted once per file). */
    pages: (ref: PackFileRef) => once(pageCounts, ref, measurePages),
  };
}
export type MediaStore = ReturnType<typeof createMediaStore>;

/** Seconds of a video or audio file (an HLS playlist: of its segments), rounded. */
export async function measureDuration(file: string): Promise<number> {
  const { duration } = await probeMedia(file);
  if (duration <= 0) throw new Error(`ffprobe found no duration in ${file}`);
  return Math.max(1, Math.round(duration));
}

/** Pages of a PDF. */
export async function measurePages(file: string): Promise<number> {
  const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const task = getDocument({ data: new Uint8Array(await readFile(file)), isEvalSupported: false, verbosity: 0 });
  try {
    return (await task.promise).numPages;
  } finally {
    await task.destroy();
  }
}
