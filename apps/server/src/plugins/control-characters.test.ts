import { ruleIds } from '@school/contract/validation';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoAccounts } from '../demo-data/demo-accounts.js';
import { codeFor, currentUserId, inject, loginCookie } from '../testing/accounts.js';
import { createTestApp, type TestApp } from '../testing/test-app.js';
import { registerControlCharacterGuard } from './control-characters.js';
import { registerErrorHandling } from './error-handler.js';

/*
 * A NUL byte used to reach PostgreSQL (which refuses it in text) and come back as a 500 with
 * the failing SQL in the log. Each of these must now be a 400 naming the field.
 */

let t: TestApp;
let cookie: string;
let userId: number;
beforeAll(async () => {
  t = await createTestApp();
  cookie = await loginCookie(t, demoAccounts.newbie);
  userId = await currentUserId(t, cookie);
});
afterAll(async () => {
  await t.close();
});

function expectRefused(res: { statusCode: number; json(): unknown; body: string }, field: string) {
  expect(res.statusCode, res.body).toBe(400);
  expect(res.json()).toMatchObject({ code: 'validationFailed', field, rule: ruleIds.textControlChars });
}

describe('control characters in any request', () => {
  it.each(['\u0000', '\u0001', '\u001b', '\u007f'])('refuses %j in a nickname and an introduction', async (char) => {
    const url = `/api/users/${userId}`;
    expectRefused(await inject(t, { method: 'POST', url, payload: { nickname: `a${char}b` } }, { cookie }), 'nickname');
    expectRefused(
      await inject(t, { method: 'POST', url, payload: { nickname: 'ok', introduction: `a${char}b` } }, { cookie }),
      'introduction',
    );
  });

  it('keeps tabs and line breaks in multi-line text', async () => {
    const res = await inject(
      t,
      { method: 'POST', url: `/api/users/${userId}`, payload: { nickname: 'ok', introduction: 'one\r\ntwo\tthree' } },
      { cookie },
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ introduction: 'one\r\ntwo\tthree' });
  });

  it('refuses a NUL in a login name, a password and a registration', async () => {
    expectRefused(
      await inject(t, { method: 'POST', url: '/api/login', payload: { username: 'a\u0000b', password: 'x' } }),
      'username',
    );
    expectRefused(
      await inject(t, { method: 'POST', url: '/api/login', payload: { username: 'learner', password: 'a\u0000b' } }),
      'password',
    );
    const phone = '13500009901';
    const code = await codeFor(t, phone, 'register', { ip: '10.9.0.1' });
    const register = await inject(
      t,
      {
        method: 'POST',
        url: '/api/register',
        payload: {
          nickname: 'a\u0000b',
          username: 'nulnick',
          password: 'welcome123',
          confirmPassword: 'welcome123',
          phone,
          code,
        },
      },
      { ip: '10.9.0.1' },
    );
    expectRefused(register, 'nickname');
  });

  it('refuses a NUL in a search keyword and a list keyword', async () => {
    expectRefused(await inject(t, { url: '/api/search', query: { keyword: 'a\u0000b' } }), 'keyword');
    for (const url of ['/api/courses', '/api/classrooms', '/api/exams', '/api/articles']) {
      expectRefused(await inject(t, { url, query: { keyword: 'a\u0000b' } }), 'keyword');
    }
  });

  it.each([
    ['/api/courses/a%00b', 'uid'],
    ['/api/courses/a%00b/comments', 'uid'],
    ['/api/classrooms/a%00/comments', 'uid'],
    ['/api/classrooms/a%00', 'uid'],
    ['/api/exams/a%01b', 'uid'],
    ['/api/classrooms/a%00/announcements/1', 'uid'],
  ])('refuses a control character in the path %s', async (url, field) => {
    expectRefused(await inject(t, { url }), field);
  });

  it('refuses a control character that no schema declares (the net under future routes)', async () => {
    const bare = Fastify();
    registerErrorHandling(bare);
    registerControlCharacterGuard(bare);
    bare.post('/echo/:name', async (request) => ({ params: request.params, body: request.body }));
    try {
      const inParams = await bare.inject({ method: 'POST', url: '/echo/a%00b', payload: {} });
      expect(inParams.statusCode, inParams.body).toBe(400);
      expect(inParams.json()).toMatchObject({ field: 'name', rule: ruleIds.textControlChars });
      const inBody = await bare.inject({ method: 'POST', url: '/echo/ok', payload: { a: [{ b: 'x\u0000' }] } });
      expect(inBody.json()).toMatchObject({ code: 'validationFailed', field: 'a.0.b' });
      const clean = await bare.inject({ method: 'POST', url: '/echo/ok', payload: { a: 'line\nbreak' } });
      expect(clean.statusCode).toBe(200);
    } finally {
      await bare.close();
    }
  });
});

describe('half a surrogate pair', () => {
  it('is refused in a record key and a text field, emoji are kept', async () => {
    const key = await inject(t, {
      method: 'PUT',
      url: '/api/dev/system-config',
      payload: JSON.parse('{"enabledFeatures":{"\\ud800":true}}') as object,
    });
    // zod reports a bad record key without its rule; the key is named without the refused text.
    expect(key.statusCode, key.body).toBe(400);
    expect(key.json()).toMatchObject({ code: 'validationFailed', field: 'enabledFeatures.?' });
    const url = `/api/users/${userId}`;
    expectRefused(await inject(t, { method: 'POST', url, payload: { nickname: 'a\ud800' } }, { cookie }), 'nickname');
    const emoji = await inject(t, { method: 'POST', url, payload: { nickname: '学员 😀' } }, { cookie });
    expect(emoji.json()).toMatchObject({ nickname: '学员 😀' });
  });
});
