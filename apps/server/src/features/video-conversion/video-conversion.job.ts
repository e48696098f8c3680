import { execFile } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { promisify } from 'node:util';
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { media, type MediaFile } from '../../db/schema.js';
import type { BackgroundJob } from '../../lib/background-jobs.js';
import { probeMedia } from '../../lib/media-probe.js';
import type { Clock } from '../../providers/clock.js';
import { storeByHash } from '../../providers/storage/content-addressed.js';
import type { MediaStorage } from '../../providers/storage/media-storage.js';

/*
 * Turns the videos a school's pack brought as filmed (mp4) into what the lesson player streams:
 * HLS renditions (360p, and 720p when the film is that tall) behind one master playlist, and a
 * poster frame, by FFmpeg (decision 019). Until a video is done its lessons answer
 * conversionNotCompleted with the status; learners then get the HLS stream. One film is converted
 * once, for every lesson that plays it; the outputs are stored by their hash like the pack's files.
 */

const run = promisify(execFile);

/** A conversion taken by a process that has not finished it in this long is taken again. */
const staleAfterMs = 30 * 60_000;
/** Segment length: short enough to start playing fast on a phone, long enough to stay few. */
const segmentSeconds = 6;
const renditions = [
  { height: 360, videoBitrate: '800k', audioBitrate: '96k' },
  { height: 720, videoBitrate: '2500k', audioBitrate: '128k' },
] as const;

interface Film {
  height: number;
  hasAudio: boolean;
  duration: number;
}

async function probe(file: string): Promise<Film> {
  const { videoHeight, hasAudio, duration } = await probeMedia(file);
  if (!videoHeight) throw new Error('the file has no video stream');
  return { height: videoHeight, hasAudio, duration };
}

/** The renditions a film gets: those no taller than it, and at least one at its own height. */
function renditionsFor(film: Film) {
  const fitting = renditions.filter((rendition) => rendition.height <= film.height);
  return fitting.length > 0 ? fitting : [{ ...renditions[0], height: film.height - (film.height % 2) }];
}

/** Runs FFmpeg into `out`: master.m3u8, stream_<n>.m3u8 with their segments, and poster.jpg. */
async function convert(source: string, out: string, film: Film): Promise<void> {
  const chosen = renditionsFor(film);
  const split = `[0:v]split=${chosen.length}${chosen.map((_, i) => `[v${i}]`).join('')}`;
  const scales = chosen.map((r, i) => `[v${i}]scale=-2:${r.height}[v${i}out]`);
  const args = ['-v', 'error', '-y', '-i', source, '-filter_complex', [split, ...scales].join(';')];
  chosen.forEach((r, i) => {
    args.push('-map', `[v${i}out]`, `-c:v:${i}`, 'libx264', `-b:v:${i}`, r.videoBitrate, '-preset', 'veryfast');
    if (film.hasAudio) args.push('-map', 'a:0', `-c:a:${i}`, 'aac', `-b:a:${i}`, r.audioBitrate);
  });
  args.push(
    // A key frame at every segment's start, so each segment plays on its own.
    '-force_key_frames',
    `expr:gte(t,n_forced*${segmentSeconds})`,
    '-f',
    'hls',
    '-hls_time',
    String(segmentSeconds),
    '-hls_playlist_type',
    'vod',
    '-hls_segment_filename',
    path.join(out, 'stream_%v_%03d.ts'),
    '-master_pl_name',
    'master.m3u8',
    '-var_stream_map',
    chosen.map((_, i) => (film.hasAudio ? `v:${i},a:${i}` : `v:${i}`)).join(' '),
    path.join(out, 'stream_%v.m3u8'),
  );
  await run('ffmpeg', args, { timeout: 60 * 60_000 });
  const posterAt = Math.min(1, film.duration / 2);
  await run(
    'ffmpeg',
    [
      '-v',
      'error',
      '-y',
      '-ss',
      String(posterAt),
      '-i',
      source,
      '-frames:v',
      '1',
      '-vf',
      'scale=-2:360',
      path.join(out, 'poster.jpg'),
    ],
    { timeout: 60_000 },
  );
}

/** The order learners' players need: the master playlist first, then the variants, segments and poster. */
const playOrder = (name: string) =>
  name === 'master.m3u8' ? 0 : name.endsWith('.m3u8') ? 1 : name.endsWith('.ts') ? 2 : 3;

type Claimed = { id: number; source: MediaFile };

/** Takes every row waiting on one film (or whose converting process stopped): null when none waits. */
async function claimNext(db: Db, now: Date): Promise<Claimed[] | null> {
  const stale = new Date(now.getTime() - staleAfterMs);
  // Waiting, or taken by a process that stopped: the rule for the rows and for the film's pick.
  const dueOf = (status: SQL, startedAt: SQL) =>
    sql`(${status} = 'NOT_STARTED' or (${status} = 'RUNNING' and ${startedAt} < ${stale}))`;
  const due = dueOf(sql`${media.conversionStatus}`, sql`${media.conversionStartedAt}`);
  const rows = await db
    .update(media)
    .set({ conversionStatus: 'RUNNING', conversionStartedAt: now })
    .where(
      and(
        sql`${media.source} is not null`,
        due,
        sql`${media.source}->>'key' = (select m.source->>'key' from ${media} m where m.source is not null and ${dueOf(sql.raw('m.conversion_status'), sql.raw('m.conversion_started_at'))} order by m.id limit 1 for update skip locked)`,
      ),
    )
    .returning({ id: media.id, source: media.source });
  if (rows.length === 0) return null;
  return rows.map((row) => ({ id: row.id, source: row.source! }));
}

/** Marks the claimed rows: only those still waiting on this film (a re-import may have changed them). */
async function finish(db: Db, claimed: Claimed[], values: Partial<typeof media.$inferInsert>): Promise<number> {
  const done = await db
    .update(media)
    .set(values)
    .where(
      and(
        inArray(
          media.id,
          claimed.map((row) => row.id),
        ),
        eq(media.conversionStatus, 'RUNNING'),
        sql`${media.source}->>'key' = ${claimed[0]!.source.key}`,
      ),
    )
    .returning({ id: media.id });
  return done.length;
}

export interface VideoConversionDeps {
  storage: MediaStorage;
  clock: Clock;
  log: { error(details: object, message: string): void };
}

/** One round: one film converted (or its earlier conversion reused) for every row waiting on it. */
export async function convertNextVideo(db: Db, deps: VideoConversionDeps): Promise<Record<string, number>> {
  const claimed = await claimNext(db, deps.clock.now());
  if (claimed === null) return { converted: 0 };
  const { key } = claimed[0]!.source;

  // Another lesson's row with this film may be done already: its outputs serve these too.
  const [done] = await db
    .select({ files: media.files, duration: media.duration })
    .from(media)
    .where(and(sql`${media.source}->>'key' = ${key}`, eq(media.conversionStatus, 'COMPLETED')))
    .limit(1);
  if (done) {
    return { reused: await finish(db, claimed, { format: 'HLS', files: done.files, conversionStatus: 'COMPLETED' }) };
  }

  const work = await mkdtemp(path.join(os.tmpdir(), 'school-video-'));
  try {
    const source = path.join(work, 'source.mp4');
    const bytes = await deps.storage.read(key);
    if (bytes === null) throw new Error(`the media storage has no ${key}`);
    await pipeline(bytes, createWriteStream(source));
    const out = path.join(work, 'out');
    await mkdir(out);
    const film = await probe(source);
    await convert(source, out, film);
    const names = (await readdir(out)).sort((a, b) => playOrder(a) - playOrder(b) || a.localeCompare(b));
    const files: MediaFile[] = [];
    for (const name of names) {
      const { uploaded: _uploaded, ...file } = await storeByHash(deps.storage, path.join(out, name), name);
      files.push(file);
    }
    return { converted: await finish(db, claimed, { format: 'HLS', files, conversionStatus: 'COMPLETED' }) };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT' && (error as { path?: string }).path?.startsWith('ff')) {
      // FFmpeg is not installed: the videos wait for it rather than fail.
      await finish(db, claimed, { conversionStatus: 'NOT_STARTED', conversionStartedAt: null });
      throw new Error('ffmpeg and ffprobe must be on the PATH to convert videos (decision 019)');
    }
    deps.log.error({ err: error, key }, 'video conversion failed');
    return { failed: await finish(db, claimed, { conversionStatus: 'FAILED' }) };
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

/**
 * Every 10 s. It takes no advisory lock (lib/background-jobs.ts): a conversion lasts minutes and
 * must not hold a transaction. Rows are claimed with FOR UPDATE SKIP LOCKED and finished
 * conditionally, so two processes never convert the same film at once.
 */
export const videoConversionJob = (deps: VideoConversionDeps): BackgroundJob => ({
  name: 'video-conversion',
  lockKey: null,
  intervalMs: 10_000,
  run: (db) => convertNextVideo(db, deps),
});
