import type { LessonDetail } from '@school/contract/lessons';
import { apiPaths } from '@school/contract/paths';
import { apiClient } from './api-client';
import { contentFiles, isDownloadable } from './lesson-download-rules';
import {
  downloadRecordPath,
  downloadRecordPrefix,
  personalCacheOf,
  playlistReferences,
  type DownloadRecord,
} from './offline-rules';

/*
 * Downloaded lessons (issue 27, decision 026): a lesson's media files stored in its learner's
 * own cache, beside a record of what was stored. The offline worker serves them from there (with
 * no connection at all) and drops them with the rest of the learner's answers at sign-out or when
 * another learner uses the phone; a membership's end ends them too. Only while the worker
 * controls the page: without it nothing could serve them offline.
 */

export type { DownloadRecord };
export { accessEnded, downloadsAvailable, isDownloadable } from './lesson-download-rules';

function learnerCache(learnerId: number): Promise<Cache> {
  return caches.open(personalCacheOf(String(learnerId)));
}

const isPlaylist = (url: URL) => url.pathname.endsWith('.m3u8');

/** Reads a response to its end, telling how many bytes have arrived; the whole body as a Blob. */
async function readCounting(response: Response, onBytes: (bytes: number) => void): Promise<Blob> {
  if (!response.body) return response.blob();
  const reader = response.body.getReader();
  const parts: BlobPart[] = [];
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    parts.push(value);
    onBytes(value.byteLength);
  }
  return new Blob(parts, { type: response.headers.get('content-type') ?? '' });
}

export interface DownloadProgress {
  /** 0 to 1. */
  share: number;
  bytes: number;
}

/**
 * Stores every file of `lesson` in `learnerId`'s cache, then its record; nothing is recorded
 * (and the files stored so far are removed) if one file fails. `onProgress` hears how far it is.
 */
export async function downloadLesson(
  learnerId: number,
  lesson: LessonDetail,
  onProgress: (progress: DownloadProgress) => void,
  signal?: AbortSignal,
): Promise<DownloadRecord> {
  if (!lesson.content || !isDownloadable(lesson.content)) throw new Error('not a downloadable lesson');
  const cache = await learnerCache(learnerId);
  const queue = contentFiles(lesson.content).map((file) => new URL(file, location.origin));
  const stored: string[] = [];
  let bytes = 0;
  try {
    for (let index = 0; index < queue.length; index++) {
      const url = queue[index]!;
      // Media files are not API answers: read whole, as the player would, on the learner's cookie.
      // eslint-disable-next-line no-restricted-globals
      const response = await fetch(url, { credentials: 'same-origin', signal });
      if (!response.ok) throw new Error(`${url.pathname}: ${response.status}`);
      const total = Number(response.headers.get('content-length')) || 0;
      let arrived = 0;
      // Stored as the network gave it: a stored response keeps its address, which Chromium's
      // own HLS player needs to trust a playlist and find its segments (a response made anew
      // has none, and the player stopped at the playlist). A copy is read to count the bytes.
      const counted = response.clone();
      const storing = cache.put(url.pathname, response);
      const body = await readCounting(counted, (chunk) => {
        arrived += chunk;
        const within = total > 0 ? Math.min(arrived / total, 1) : 0;
        onProgress({ share: (index + within) / queue.length, bytes: bytes + arrived });
      });
      await storing;
      bytes += body.size;
      if (isPlaylist(url)) {
        for (const reference of playlistReferences(await body.text(), url)) {
          if (reference.origin === location.origin && !queue.some((queued) => queued.href === reference.href)) {
            queue.push(reference);
          }
        }
      }
      stored.push(url.pathname);
      onProgress({ share: (index + 1) / queue.length, bytes });
    }
  } catch (error) {
    await Promise.all(stored.map((file) => cache.delete(file)));
    throw error;
  }
  const expiresAt = lesson.membership?.expiresAt ? Date.parse(lesson.membership.expiresAt) : null;
  const record: DownloadRecord = {
    lessonId: lesson.id,
    title: lesson.title,
    courseUid: lesson.course.uid,
    courseTitle: lesson.course.title,
    kind: lesson.content.kind,
    files: stored,
    bytes,
    downloadedAt: Date.now(),
    expiresAt,
  };
  // The worker keeps the answers it sees go by (decision 026), and a page the server rendered asked
  // for none itself: asked for now, the lesson and its learner are on the phone however soon the
  // connection goes, for the lesson's own address to open offline.
  await Promise.all(
    [apiPaths.lesson(lesson.id), apiPaths.usersCurrent].map((path) =>
      apiClient.get(path, { silent: true }).catch(() => undefined),
    ),
  );
  await cache.put(downloadRecordPath(lesson.id), Response.json(record));
  return record;
}

/** The learner's downloads, newest first. */
export async function listDownloads(learnerId: number): Promise<DownloadRecord[]> {
  const cache = await learnerCache(learnerId);
  const keys = await cache.keys();
  const records = await Promise.all(
    keys
      .filter((request) => new URL(request.url).pathname.startsWith(downloadRecordPrefix))
      .map(async (request) => (await (await cache.match(request))!.json()) as DownloadRecord),
  );
  return records.sort((a, b) => b.downloadedAt - a.downloadedAt);
}

export async function findDownload(learnerId: number, lessonId: number): Promise<DownloadRecord | null> {
  const record = await (await learnerCache(learnerId)).match(downloadRecordPath(lessonId));
  return record ? ((await record.json()) as DownloadRecord) : null;
}

/** Removes a download: its record first, so a half-removed one never counts as there. */
export async function removeDownload(learnerId: number, lessonId: number): Promise<void> {
  const cache = await learnerCache(learnerId);
  const record = await findDownload(learnerId, lessonId);
  await cache.delete(downloadRecordPath(lessonId));
  if (record) await Promise.all(record.files.map((file) => cache.delete(file)));
}

/** Asks the browser to keep the downloads when space runs short (it may say no). */
export function askToKeepDownloads(): void {
  void navigator.storage?.persist?.().catch(() => {});
}
