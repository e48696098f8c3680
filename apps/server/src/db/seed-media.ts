import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { assertSafeMediaKey, type MediaStorage } from '../providers/storage/media-storage.js';
import type { Db } from './database.js';
import type { MediaFile } from './schema.js';

/*
 * The demo school's media files: committed under examples/demo-school/media (made by
 * scripts/make-seed-media.sh, described in its README), never a public static folder. Media
 * rows name them by storage key `seed/<path>`; at start-up `installSeedMedia` copies every
 * such file the database names into the media storage (local disk or S3) when the storage does
 * not have it, so a seeded database always finds its files, whichever storage it is served from.
 */

// apps/server/{src,dist}/db → examples/demo-school/media: the demo pack's files, from sources or the build.
export const seedMediaDir = fileURLToPath(new URL('../../../../examples/demo-school/media/', import.meta.url));

const seedKeyPrefix = 'seed/';

const contentTypes: Record<string, string> = {
  '.mp4': 'video/mp4',
  '.m3u8': 'application/vnd.apple.mpegurl',
  '.ts': 'video/mp2t',
  '.mp3': 'audio/mpeg',
  '.pdf': 'application/pdf',
  '.webp': 'image/webp',
  '.zip': 'application/zip',
};

function contentTypeOf(file: string): string {
  const type = contentTypes[path.extname(file)];
  if (type === undefined) throw new Error(`seed media: no content type for ${file}`);
  return type;
}

/** A file of a seed media item: its path in the seed folder and, if another, the name learners see. */
type SeedFile = string | { path: string; name: string };

interface SeedMediaItem {
  format: 'FILE' | 'HLS' | 'SLIDES';
  files: readonly SeedFile[];
  /** Seconds, measured from the file (README: ffprobe); a test reads them from the files again. */
  duration?: number;
  pageCount?: number;
}

/** What each kind of lesson or lecture plays. */
export const seedMediaItems = {
  video: { format: 'FILE', files: ['lesson.mp4'], duration: 20 },
  /** The playlist first; its segments are named relative to it. */
  hls: {
    format: 'HLS',
    files: [
      'lesson-hls/index.m3u8',
      'lesson-hls/segment-0.ts',
      'lesson-hls/segment-1.ts',
      'lesson-hls/segment-2.ts',
      'lesson-hls/segment-3.ts',
    ],
    duration: 20,
  },
  audio: { format: 'FILE', files: ['lesson.mp3'], duration: 15 },
  /** PDF lessons, and DOC lessons as their converted PDF. */
  document: { format: 'FILE', files: ['lesson.pdf'], pageCount: 4 },
  slides: {
    format: 'SLIDES',
    files: ['slides/slide-1.webp', 'slides/slide-2.webp', 'slides/slide-3.webp', 'slides/slide-4.webp'],
    pageCount: 4,
  },
  /** The OTHER lesson's download. */
  download: { format: 'FILE', files: ['exercises.zip'] },
  /** Course materials (lectures). */
  handout: { format: 'FILE', files: [{ path: 'lesson.pdf', name: 'handout.pdf' }], pageCount: 4 },
  exercises: { format: 'FILE', files: ['exercises.zip'] },
} as const satisfies Record<string, SeedMediaItem>;
export type SeedMediaKind = keyof typeof seedMediaItems;

export interface SeedMediaRow {
  format: SeedMediaItem['format'];
  files: MediaFile[];
  duration: number | null;
  pageCount: number | null;
}

/** The storage key of a file of the seed folder. */
export const seedMediaKey = (file: string) => `${seedKeyPrefix}${file}`;

/**
 * Reads the seed folder's file sizes once and gives each kind's `media` row values (files with
 * their real sizes, duration, page count).
 */
export async function loadSeedMedia(): Promise<(kind: SeedMediaKind) => SeedMediaRow> {
  const rows = new Map<SeedMediaKind, SeedMediaRow>();
  for (const [kind, item] of Object.entries(seedMediaItems) as [SeedMediaKind, SeedMediaItem][]) {
    const files = await Promise.all(
      item.files.map(async (file): Promise<MediaFile> => {
        const filePath = typeof file === 'string' ? file : file.path;
        const { size } = await stat(path.join(seedMediaDir, filePath));
        return {
          key: seedMediaKey(filePath),
          name: typeof file === 'string' ? path.posix.basename(file) : file.name,
          contentType: contentTypeOf(filePath),
          size,
        };
      }),
    );
    rows.set(kind, { format: item.format, files, duration: item.duration ?? null, pageCount: item.pageCount ?? null });
  }
  return (kind) => rows.get(kind)!;
}

/**
 * Copies into `storage` every seed file that a media row of any school names and the storage
 * lacks (or holds with another size). Idempotent and cheap when nothing is missing: one query
 * and a size check per file. Returns how many files it copied.
 */
export async function installSeedMedia(db: Db, storage: MediaStorage): Promise<number> {
  const { rows } = (await db.execute(
    sql`select distinct f->>'key' as key from media cross join lateral jsonb_array_elements(media.files) as f
        where f->>'key' like ${`${seedKeyPrefix}%`}`,
  )) as unknown as { rows: { key: string }[] };
  const copied = await Promise.all(
    rows.map(async ({ key }) => {
      // Checked before the path is built: a row's key never reaches outside the seed folder.
      assertSafeMediaKey(key);
      const file = path.join(seedMediaDir, ...key.slice(seedKeyPrefix.length).split('/'));
      const expected = await stat(file).then(
        (info) => info.size,
        () => {
          throw new Error(`seed media: the database names ${key}, but ${file} is missing`);
        },
      );
      if ((await storage.size(key)) === expected) return 0;
      await storage.put(key, await readFile(file), contentTypeOf(file));
      return 1;
    }),
  );
  return copied.reduce<number>((sum, n) => sum + n, 0);
}
