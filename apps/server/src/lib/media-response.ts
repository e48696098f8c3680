import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ByteRange, MediaStorage } from '../providers/storage/media-storage.js';
import { AppError } from './app-error.js';

/*
 * Answers a request for a stored media file (a lesson's video, a lecture's PDF) once the
 * feature has checked that the caller may have it. Shared by every members-only file route so
 * that ranges, headers and the signed-URL hand-off behave the same everywhere:
 * - storage with signed URLs (S3): 302 to a short-lived URL, so the bytes never pass the app;
 * - otherwise the bytes, whole (200) or one range (206, what <video> and pdf.js ask for), or
 *   416 for a range past the end; HEAD gets the headers only; an unchanged file answers 304.
 * Routes using it must turn compression off (`compress: false`): a gzipped body has other
 * offsets than the ranges asked for. They set no `config.cache` either: the 'private' policy
 * would make a 200 no-store, while this sets `private, no-cache` on every answer itself
 * (the learner's own browser may keep the bytes, but asks again, membership checked, each time).
 */

export interface MediaFileAnswer {
  storage: MediaStorage;
  /** The storage key (made by the server, never by a client). */
  key: string;
  contentType: string;
  /** The name the learner sees and saves the file as. */
  fileName: string;
  /** 'inline': the browser shows it (PDF, pictures, playable media); 'attachment': a download. */
  disposition: 'inline' | 'attachment';
}

/** How long a signed storage URL stays valid: enough to start playing, too short to pass around. */
export const signedUrlSeconds = 300;

const cacheControl = 'private, no-cache';

/**
 * The one byte range a `Range` header asks for in a file of `size` bytes (RFC 9110 §14):
 * `bytes=0-99`, `bytes=100-` (to the end) and `bytes=-100` (the last 100) are served; an end past
 * the file is cut to it. 'unsatisfiable' when the range starts past the end (or the file is
 * empty); null when there is no header, it is malformed, names another unit, or asks for
 * several ranges — the whole file is the right answer to those.
 */
export function parseRange(header: string | undefined, size: number): ByteRange | 'unsatisfiable' | null {
  if (header === undefined) return null;
  const match = /^\s*bytes\s*=\s*(\d*)\s*-\s*(\d*)\s*$/i.exec(header);
  if (!match) return null;
  const [, first = '', last = ''] = match;
  if (first === '' && last === '') return null;
  if (first === '') {
    // A suffix: the last N bytes.
    const length = Number(last);
    if (length === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - length), end: size - 1 };
  }
  const start = Number(first);
  if (last !== '' && Number(last) < start) return null;
  if (start >= size) return 'unsatisfiable';
  return { start, end: last === '' ? size - 1 : Math.min(Number(last), size - 1) };
}

/** RFC 5987 `value-chars`: everything else is percent-encoded, including ' ( ) * which encodeURIComponent keeps. */
function rfc5987(value: string): string {
  return encodeURIComponent(value).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/**
 * `inline` or `attachment` with the file's name for every browser: a plain ASCII `filename`
 * (anything else, quotes and backslashes replaced by `_`) and the exact name as `filename*`
 * (RFC 6266 with RFC 5987 encoding), which every current browser prefers.
 */
export function contentDisposition(disposition: 'inline' | 'attachment', fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `${disposition}; filename="${ascii}"; filename*=UTF-8''${rfc5987(fileName)}`;
}

/**
 * A strong validator of the stored bytes. Keys name one media item's file and are never
 * rewritten with other content, so the key and size identify the bytes.
 */
function etagOf(key: string, size: number): string {
  return `"${createHash('sha256').update(`${key}\n${size}`).digest('base64url').slice(0, 27)}"`;
}

function matchesEtag(header: string | undefined, etag: string): boolean {
  if (header === undefined) return false;
  return header.split(',').some((tag) => {
    const trimmed = tag.trim();
    return trimmed === '*' || trimmed === etag || trimmed === `W/${etag}`;
  });
}

/** Sends `file` as described above. Refuses with 404 notFound when the storage has no such file. */
export async function sendMediaFile(
  request: FastifyRequest,
  reply: FastifyReply,
  file: MediaFileAnswer,
): Promise<FastifyReply> {
  const signed = await file.storage.signedUrl(file.key, {
    expiresInSeconds: signedUrlSeconds,
    contentType: file.contentType,
    ...(file.disposition === 'attachment' ? { downloadName: file.fileName } : {}),
  });
  // The URL expires; a cached redirect would send the learner to a dead link later.
  if (signed !== null) return reply.header('cache-control', 'no-store').redirect(signed, 302);

  const size = await file.storage.size(file.key);
  if (size === null) throw new AppError('notFound');
  const etag = etagOf(file.key, size);
  const validators = { 'cache-control': cacheControl, etag, 'accept-ranges': 'bytes' };
  if (matchesEtag(request.headers['if-none-match'], etag)) return reply.code(304).headers(validators).send();

  // If-Range: a client resuming an older copy gets the whole (new) file rather than a piece of it.
  const ifRange = request.headers['if-range'];
  const range = ifRange === undefined || ifRange === etag ? parseRange(request.headers.range, size) : null;
  if (range === 'unsatisfiable') {
    return reply.code(416).headers(validators).header('content-range', `bytes */${size}`).send();
  }

  // Opened before any header is set, so a file deleted since `size` is a plain 404.
  const stream = request.method === 'HEAD' ? null : await file.storage.read(file.key, range ?? undefined);
  if (stream === null && request.method !== 'HEAD') throw new AppError('notFound');
  reply.headers({
    ...validators,
    'content-type': file.contentType,
    'content-disposition': contentDisposition(file.disposition, file.fileName),
    // The type is ours, not a guess: a browser must not sniff an upload into HTML.
    'x-content-type-options': 'nosniff',
    'content-length': String(range === null ? size : range.end - range.start + 1),
  });
  if (range !== null) reply.code(206).header('content-range', `bytes ${range.start}-${range.end}/${size}`);
  // Fastify's automatic HEAD route keeps the Content-Length set here only for a stream body
  // (it drains it, sending nothing): an empty one, so HEAD never reads the file.
  return reply.send(stream ?? Readable.from([]));
}
