import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/test-app.js';
import { redactUrl, serializeError } from './request-log.js';

describe('redactUrl', () => {
  it('masks passwords, codes and tokens in query strings, and nothing else', () => {
    expect(redactUrl('/api/users/7/check/password?password=s3cret%21&x=1')).toBe(
      '/api/users/7/check/password?password=***&x=1',
    );
    expect(redactUrl('/api/x?phone=13800138000&code=123456')).toBe('/api/x?phone=***8000&code=***');
    expect(redactUrl('/api/x?resetToken=abc#frag')).toBe('/api/x?resetToken=***#frag');
    expect(redactUrl('/api/courses?keyword=react&page=2')).toBe('/api/courses?keyword=react&page=2');
  });

  it('masks an identity number whole and keeps the last four digits of a phone', () => {
    expect(redactUrl('/api/users/check/id-no?idNo=11010519491231002X')).toBe('/api/users/check/id-no?idNo=***');
    // Half typed, or not an identity number at all: still the learner's, still masked.
    expect(redactUrl('/api/users/check/id-no?idNo=110105')).toBe('/api/users/check/id-no?idNo=***');
    expect(redactUrl('/api/users/sms/code?phone=13800138000&purpose=login')).toBe(
      '/api/users/sms/code?phone=***8000&purpose=login',
    );
    expect(redactUrl('/api/users/check/phone?phone=%2B8613800138000')).toBe('/api/users/check/phone?phone=***8000');
    expect(redactUrl('/api/x?mobile=123')).toBe('/api/x?mobile=***');
  });

  it('masks phones and identity numbers by their shape anywhere else in the URL', () => {
    expect(redactUrl('/api/users/phone/13800138000')).toBe('/api/users/phone/***8000');
    expect(redactUrl('/api/users/phone/13800138000?x=1')).toBe('/api/users/phone/***8000?x=1');
    expect(redactUrl('/api/search?keyword=13912345678')).toBe('/api/search?keyword=***5678');
    expect(redactUrl('/api/search?q=110105194912310021')).toBe('/api/search?q=***');
    expect(redactUrl('/api/x/11010519491231002x/y')).toBe('/api/x/***/y');
    // An order number, a course uid, a hex token and ids are not a phone.
    for (const url of [
      '/api/orders/C20261127152300123456',
      '/api/courses/react-19-zero-to-production',
      '/api/x/a13800138000b',
      '/api/lessons/12/media/index.m3u8',
      '/api/x?since=1764230400000',
    ]) {
      expect(redactUrl(url)).toBe(url);
    }
  });

  it('compares names after percent-decoding, whatever their case or spelling', () => {
    expect(redactUrl('/api/x?passw%6Frd=hunter2')).toBe('/api/x?passw%6Frd=***');
    expect(redactUrl('/api/x?PASSWORD=hunter2&oldPassword=a&%70assword=b')).toBe(
      '/api/x?PASSWORD=***&oldPassword=***&%70assword=***',
    );
    expect(redactUrl('/api/x?bad%zz=1&keyword=ok')).toBe('/api/x?bad%zz=1&keyword=ok');
  });

  it("masks a calendar feed's token, the only key its URL has, however the path is spelled", () => {
    const token = 'q1w2e3r4t5y6u7i8o9p0a1s2d3f4g5h6j7k8l9z0x1c';
    expect(redactUrl(`/api/calendar/${token}.ics`)).toBe('/api/calendar/***');
    expect(redactUrl(`/API//Calendar%2F${token}.ics?x=1`)).toBe('/API//Calendar%2F***?x=1');
    // The feed's settings carry no token.
    expect(redactUrl('/api/learning/calendar-feed')).toBe('/api/learning/calendar-feed');
  });
});

describe('serializeError', () => {
  it('keeps the message and stack of an ordinary error', () => {
    const out = serializeError(new Error('boom'));
    expect(out).toMatchObject({ type: 'Error', message: 'boom' });
    expect(out.stack).toContain('boom');
  });
});

describe('the log of a failed database query', () => {
  const secretHash = '$argon2id$v=19$m=19456,t=2,p=1$c2VjcmV0c2FsdA$SECRET-HASH-VALUE';
  const lines: string[] = [];
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(
      { logLevel: 'info' },
      {
        logStream: { write: (line) => lines.push(line) },
        beforeReady(app) {
          // The same failures a careless route could meet: a NUL and a type mismatch, each
          // with a secret among the parameters.
          app.get('/api/test/nul-insert', async () => t.db.execute(sql`select ${`a\u0000${secretHash}`}::text`));
          app.get('/api/test/bad-cast', async () => t.db.execute(sql`select ${secretHash}::int, ${'13800138000'}`));
        },
      },
    );
  });
  afterAll(async () => {
    await t.close();
  });

  it('logs the SQL and the SQLSTATE but no parameter value', async () => {
    for (const url of ['/api/test/nul-insert', '/api/test/bad-cast']) {
      const res = await t.app.inject({ url: `${url}?passw%6Frd=hunter2` });
      expect(res.statusCode).toBe(500);
    }
    const log = lines.join('');
    expect(log).toContain('request failed');
    expect(log).toContain('select $1::int');
    expect(log).toContain('22P02');
    expect(log).not.toContain('SECRET-HASH-VALUE');
    expect(log).not.toContain('13800138000');
    expect(log).not.toContain('hunter2');
  });
});
