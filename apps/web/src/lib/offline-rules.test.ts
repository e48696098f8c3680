import { describe, expect, it } from 'vitest';
import {
  answeredAt,
  cachesToDropFor,
  downloadExpired,
  downloadRecordPath,
  endsSession,
  isKeepableResponse,
  isKeptAnswer,
  isPicture,
  lessonOfMedia,
  ownerOf,
  personalCacheOf,
  playlistReferences,
} from './offline-rules';

const url = (path: string) => new URL(path, 'https://school.example');

describe('what the offline worker keeps', () => {
  it('keeps the API’s answers to the app, never exam attempts, files, test helpers, install files or calendar feeds', () => {
    for (const kept of [
      '/api/learning/courses',
      '/api/courses/py/lessons',
      '/api/me/coupons?status=USABLE',
      '/api/orders/O1',
    ]) {
      expect([kept, isKeptAnswer(url(kept))]).toEqual([kept, true]);
    }
    for (const left of [
      '/api/attempts/5',
      '/api/exams/sql-basics/attempts/current',
      '/api/lessons/3/homework/2',
      '/api/files/a.png',
      '/api/lessons/12/media/index.m3u8',
      '/api/courses/py/lectures/3/file',
      '/api/dev/sms/latest',
      '/api/app/manifest.webmanifest',
      '/api/calendar/abc.ics',
      '/api/images/abc.svg/x.svg',
      '/mobile/courses',
    ]) {
      expect([left, isKeptAnswer(url(left))]).toEqual([left, false]);
    }
    expect(isPicture(url('/api/images/abc.svg/x.svg'))).toBe(true);
  });

  it('keeps only whole JSON answers', () => {
    const response = (status: number, type: string) => ({ status, headers: new Headers({ 'content-type': type }) });
    expect(isKeepableResponse(response(200, 'application/json; charset=utf-8'))).toBe(true);
    expect(isKeepableResponse(response(206, 'application/json'))).toBe(false);
    expect(isKeepableResponse(response(401, 'application/json'))).toBe(false);
    expect(isKeepableResponse(response(200, 'text/html'))).toBe(false);
  });

  it('keeps each learner’s answers apart, and drops everyone else’s when one takes the phone', () => {
    const asking = (learner: string) => ({ headers: new Headers({ 'X-Learner': learner }) });
    expect(ownerOf(asking('42'))).toBe('42');
    expect(ownerOf(asking(''))).toBe('visitor');
    expect(ownerOf({ headers: new Headers() })).toBe('visitor');
    const names = [
      'workbox-precache-v2-x',
      'pictures',
      'offline-meta',
      personalCacheOf('42'),
      personalCacheOf('visitor'),
    ];
    expect(cachesToDropFor('42', names)).toEqual([personalCacheOf('visitor')]);
    expect(cachesToDropFor('7', names)).toEqual([personalCacheOf('42'), personalCacheOf('visitor')]);
  });

  it('ends the session on signing out only', () => {
    expect(endsSession(url('/api/logout'), 'POST')).toBe(true);
    expect(endsSession(url('/api/logout'), 'GET')).toBe(false);
    expect(endsSession(url('/api/login'), 'POST')).toBe(false);
  });

  it('dates a kept answer by when the server made it', () => {
    expect(answeredAt({ headers: new Headers({ date: 'Sun, 29 Nov 2026 06:05:00 GMT' }) })).toBe(
      Date.UTC(2026, 10, 29, 6, 5),
    );
    expect(answeredAt({ headers: new Headers() })).toBeNull();
  });
});

describe('downloaded lessons', () => {
  it('knows a lesson’s media files by their address', () => {
    expect(lessonOfMedia(url('/api/lessons/219/media/index.m3u8'))).toBe(219);
    expect(lessonOfMedia(url('/api/lessons/219/media/segment-0.ts'))).toBe(219);
    expect(lessonOfMedia(url('/api/lessons/219'))).toBeNull();
    expect(lessonOfMedia(url('/api/lessons/219/media/a/b.ts'))).toBeNull();
    expect(downloadRecordPath(219)).toBe('/__downloads/219');
  });

  it('ends a download when the membership ends, never when it has no end', () => {
    const now = Date.UTC(2026, 10, 29);
    expect(downloadExpired({ expiresAt: null }, now)).toBe(false);
    expect(downloadExpired({ expiresAt: now + 1 }, now)).toBe(false);
    expect(downloadExpired({ expiresAt: now }, now)).toBe(true);
  });

  it('finds every file of an HLS playlist: variants, segments, keys and init sections', () => {
    const master = ['#EXTM3U', '#EXT-X-STREAM-INF:BANDWIDTH=985600,RESOLUTION=320x180', 'stream_0.m3u8', ''].join('\n');
    const base = url('/api/lessons/7/media/index.m3u8');
    expect(playlistReferences(master, base).map((found) => found.pathname)).toEqual([
      '/api/lessons/7/media/stream_0.m3u8',
    ]);
    const media = [
      '#EXTM3U',
      '#EXT-X-MAP:URI="init.mp4"',
      '#EXT-X-KEY:METHOD=AES-128,URI="key.bin"',
      '#EXTINF:6.0,',
      'segment-0.ts',
      '#EXTINF:2.0,',
      'segment-1.ts',
      '#EXT-X-ENDLIST',
    ].join('\r\n');
    expect(playlistReferences(media, base).map((found) => found.pathname)).toEqual([
      '/api/lessons/7/media/init.mp4',
      '/api/lessons/7/media/key.bin',
      '/api/lessons/7/media/segment-0.ts',
      '/api/lessons/7/media/segment-1.ts',
    ]);
  });
});
