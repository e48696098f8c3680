import { describe, expect, it } from 'vitest';
import {
  answeredAt,
  cachesToDropFor,
  endsSession,
  isKeepableResponse,
  isKeptAnswer,
  isPicture,
  ownerOf,
  personalCacheOf,
} from './offline-rules';

const url = (path: string) => new URL(path, 'https://school.example');

describe('what the offline worker keeps', () => {
  it('keeps the API’s answers to the app, never files, test helpers, install files or calendar feeds', () => {
    for (const kept of [
      '/api/learning/courses',
      '/api/courses/py/lessons',
      '/api/me/coupons?status=USABLE',
      '/api/orders/O1',
    ]) {
      expect([kept, isKeptAnswer(url(kept))]).toEqual([kept, true]);
    }
    for (const left of [
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
