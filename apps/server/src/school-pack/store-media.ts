import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import type { MediaFile, PageImage } from '../db/schema.js';
import { probeMedia } from '../lib/media-probe.js';
import { drawPdfPages } from '../lib/pdf-page-images.js';
import type { MediaStorage } from '../providers/storage/media-storage.js';
import { storeByHash } from '../providers/storage/content-addressed.js';
import type { PackFileRef } from './read-pack.js';

/*
 * A pack's media into the media storage by their hash (providers/storage/content-addressed.ts):
 * a re-import uploads only new or changed files, and a file several lessons share is stored once. Video and audio lengths come from ffprobe (FFmpeg, decision 019), a
 * PDF's page count from pdf.js, which also draws its pages as images (decision 029).
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
  /** A PDF's pages could not be drawn: its lesson shows it through pdf.js, as before. */
  onPagesNotDrawn?(file: { packPath: string; reason: string }): void;
}

/** Stores each distinct file of a pack once, by its hash. */
export function createMediaStore(storage: MediaStorage | null, progress: MediaProgress = {}) {
  const stored = new Map<string, Promise<PackMediaFile>>();
  // A file a hundred lessons share is measured once: ffprobe costs ~0.1 s a run.
  const durations = new Map<string, Promise<number>>();
  const pageCounts = new Map<string, Promise<number>>();
  const drawnPages = new Map<string, Promise<PageImage[]>>();
  const once = <T>(cache: Map<string, Promise<T>>, ref: PackFileRef, make: (ref: PackFileRef) => Promise<T>) => {
    let value = cache.get(ref.packPath);
    if (value === undefined) {
      value = make(ref);
      cache.set(ref.packPath, value);
    }
    return value;
  };
  const counts = { files: 0, uploaded: 0, uploadedBytes: 0 };
  const count = (uploaded: boolean, size: number) => {
    counts.files += 1;
    if (uploaded) {
      counts.uploaded += 1;
      counts.uploadedBytes += size;
    }
  };

  async function storeOne(ref: PackFileRef): Promise<PackMediaFile> {
    const { size } = await stat(ref.absolute);
    progress.onFile?.({ packPath: ref.packPath, size });
    const { uploaded, ...file } = await storeByHash(
      storage,
      ref.absolute,
      path.posix.basename(ref.packPath),
      progress.onBytes,
    );
    count(uploaded, file.size);
    return { ...file, source: ref.packPath };
  }

  /** A PDF's pages as images, stored by their hash like the pack's own files. */
  async function storePageImages(ref: PackFileRef): Promise<PageImage[]> {
    let drawn;
    try {
      drawn = await drawPdfPages(ref.absolute);
    } catch (error) {
      progress.onPagesNotDrawn?.({ packPath: ref.packPath, reason: (error as Error).message });
      return [];
    }
    try {
      const images: PageImage[] = [];
      for (const [index, page] of drawn.pages.entries()) {
        const { uploaded, ...file } = await storeByHash(storage, page.file, `page-${index + 1}.webp`);
        count(uploaded, file.size);
        let text;
        if (page.textFile !== null) {
          const { uploaded: textUploaded, ...textFile } = await storeByHash(
            storage,
            page.textFile,
            `page-${index + 1}.txt`,
          );
          count(textUploaded, textFile.size);
          text = textFile;
        }
        images.push({ ...file, width: page.width, height: page.height, ...(text ? { text } : {}) });
      }
      return images;
    } finally {
      await drawn.dispose();
    }
  }

  return {
    counts,
    /** The stored file of a pack file (the same promise for every lesson naming it). */
    store: (ref: PackFileRef) => once(stored, ref, storeOne),
    /** Seconds of a video or audio file of the pack (measured once per file). */
    duration: (ref: PackFileRef) => once(durations, ref, (file) => measureDuration(file.absolute)),
    /** Pages of a PDF of the pack (counted once per file). */
    pages: (ref: PackFileRef) => once(pageCounts, ref, (file) => measurePages(file.absolute)),
    /** Pages of a PDF of the pack drawn as images (drawn once per file). */
    pageImages: (ref: PackFileRef) => once(drawnPages, ref, storePageImages),
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
