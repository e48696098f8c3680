import { learnerHeader } from '@school/contract/web-app';

/*
 * What the offline worker keeps and for whom (issue 27, decision 026). Pure, so the rules are
 * tested without a worker: the worker (sw.ts) only applies them.
 */

/** Messages between the app and its worker. */
export type ToWorker =
  /** The page asks whether it is showing kept copies (it may have loaded after the worker said so). */
  | { type: 'offline-state' }
  /** The learner accepted the waiting version (workbox-window's messageSkipWaiting sends it). */
  | { type: 'SKIP_WAITING' };

export type FromWorker =
  /**
   * The page shows answers kept from `at` (epoch ms): the network could not be reached
   * (`offline`), or took too long (`slow`).
   */
  | { type: 'offline-copy'; at: number; reason: 'offline' | 'slow' }
  /** The network answered this page again after it was given kept answers. */
  | { type: 'back-online' };

export const visitorOwner = 'visitor';

/**
 * Whom the worker keeps an answer for: the learner the asking page believes is signed in (the
 * app's every API call names them, lib/api-client.ts), or a visitor.
 */
export function ownerOf(request: Pick<Request, 'headers'>): string {
  return request.headers.get(learnerHeader) || visitorOwner;
}

/** The kept answers of whoever uses the app now; named by owner so one learner's never answer another. */
export const personalCachePrefix = 'personal-';
/** The school's pictures (hash-named, public, never changing): kept for everyone. */
export const picturesCache = 'pictures';
/** The worker's own note of the current owner, surviving the worker's restarts. */
export const metaCache = 'offline-meta';
export const ownerKey = '/__offline-owner';

export function personalCacheOf(owner: string): string {
  return `${personalCachePrefix}${owner}`;
}

/** The caches to delete when `owner` takes the phone: every other person's. */
export function cachesToDropFor(owner: string, names: readonly string[]): string[] {
  return names.filter((name) => name.startsWith(personalCachePrefix) && name !== personalCacheOf(owner));
}

/**
 * Paths under /api the worker leaves to the browser: exam attempts, files (lesson media with their range
 * requests, lectures, uploads: a download keeps those, not this), test helpers, the install
 * files, and calendar feeds (read by a calendar, never by the app).
 */
const neverKept = [
  // An exam in progress keeps its own journal of answers and its clock from the server: a kept
  // copy of an attempt would show a stale time and stale answers.
  /^\/api\/attempts\//,
  /^\/api\/exams\/[^/]+\/attempts/,
  /^\/api\/lessons\/[^/]+\/homework\//,
  /^\/api\/files\//,
  /^\/api\/lessons\/[^/]+\/media\//,
  /^\/api\/courses\/[^/]+\/lectures\/[^/]+\/file$/,
  /^\/api\/dev\//,
  /^\/api\/app\//,
  /^\/api\/calendar\//,
];

/** Whether a GET to `url` (same origin) is an answer the app may show again offline. */
export function isKeptAnswer(url: URL): boolean {
  if (!url.pathname.startsWith('/api/')) return false;
  if (url.pathname.startsWith('/api/images/')) return false;
  return !neverKept.some((pattern) => pattern.test(url.pathname));
}

/** Pictures a school's pack brought: their address names their bytes. */
export function isPicture(url: URL): boolean {
  return url.pathname.startsWith('/api/images/');
}

/** A response worth keeping: a whole JSON answer (never an error, a part, or a file). */
export function isKeepableResponse(response: Pick<Response, 'status' | 'headers'>): boolean {
  return response.status === 200 && (response.headers.get('content-type') ?? '').startsWith('application/json');
}

/** Requests that end a session: after them nothing the learner saw may stay. */
export function endsSession(url: URL, method: string): boolean {
  return method === 'POST' && url.pathname === '/api/logout';
}

/** When an answer was made, from its Date header; null when it has none. */
export function answeredAt(response: Pick<Response, 'headers'>): number | null {
  const date = response.headers.get('date');
  const at = date === null ? NaN : Date.parse(date);
  return Number.isNaN(at) ? null : at;
}

// ----- Downloaded lessons ---------------------------------------------------------------------

/**
 * A lesson's media file (`/api/lessons/{id}/media/{name}`): the lesson's id, or null for any
 * other address. A downloaded lesson's files live in its learner's cache under these addresses.
 */
export function lessonOfMedia(url: URL): number | null {
  const match = /^\/api\/lessons\/(\d+)\/media\/[^/]+$/.exec(url.pathname);
  return match ? Number(match[1]) : null;
}

/** Where a downloaded lesson's record is kept, beside its files in the learner's cache. */
export const downloadRecordPrefix = '/__downloads/';
export function downloadRecordPath(lessonId: number): string {
  return `${downloadRecordPrefix}${lessonId}`;
}

/** What the phone keeps about a downloaded lesson. */
export interface DownloadRecord {
  lessonId: number;
  title: string;
  courseUid: string;
  courseTitle: string;
  /** The lesson's kind of content (VIDEO, AUDIO, PDF, SLIDES, FILE). */
  kind: string;
  /** Every address stored for it (media files, the poster), same-origin paths. */
  files: string[];
  bytes: number;
  downloadedAt: number;
  /** When the learner's membership ends (epoch ms); null: it does not. Past it, the files go. */
  expiresAt: number | null;
}

/** A download whose membership has ended plays no more, online or not. */
export function downloadExpired(record: Pick<DownloadRecord, 'expiresAt'>, now: number): boolean {
  return record.expiresAt !== null && record.expiresAt <= now;
}

/**
 * The files of an HLS playlist, in order: nested playlists (a master's variants), segments,
 * and the keys and init sections its tags name, each resolved against the playlist's address.
 */
export function playlistReferences(playlist: string, playlistUrl: URL): URL[] {
  const found: URL[] = [];
  for (const raw of playlist.split(/\r?\n/)) {
    const line = raw.trim();
    if (line === '') continue;
    if (line.startsWith('#')) {
      const uri = /URI="([^"]+)"/.exec(line);
      if (uri && /^#EXT-X-(KEY|MAP|MEDIA|I-FRAME-STREAM-INF|SESSION-KEY)/.test(line))
        found.push(new URL(uri[1]!, playlistUrl));
      continue;
    }
    found.push(new URL(line, playlistUrl));
  }
  return found;
}
