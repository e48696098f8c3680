import { createHash } from 'node:crypto';
import { loginResultSchema, userSchema } from '@school/contract/auth';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions, users } from '../../db/schema.js';
import { demoAccounts, secondSchoolHost } from '../../demo-data/demo-accounts.js';
import { createTestApp, sessionCookieFrom, type TestApp } from '../../testing/test-app.js';
import { browserSessionLifetimeMs, idleTimeoutMs, rememberMeMs } from './auth.service.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const form = { 'content-type': 'application/x-www-form-urlencoded' };
const minute = 60_000;

function login(fields: Record<string, string>, headers: Record<string, string> = {}) {
  return t.app.inject({
    method: 'POST',
    url: '/api/login',
    headers: { ...form, ...headers },
    payload: new URLSearchParams(fields).toString(),
  });
}

async function loginAs(account: { username: string; password: string }, rememberMe = false): Promise<string> {
  const res = await login({ ...account, ...(rememberMe ? { rememberMe: 'true' } : {}) });
  expect(res.statusCode).toBe(200);
  return sessionCookieFrom(res);
}

function currentUser(cookie?: string) {
  return t.app.inject({ url: '/api/users/current', headers: cookie ? { cookie } : {} });
}

describe('POST /api/login', () => {
  it('logs in with a username (form-urlencoded) and sets a browser-session cookie', async () => {
    const res = await login({ username: 'learner', password: 'learner123' });
    expect(res.statusCode).toBe(200);
    expect(loginResultSchema.parse(res.json()).user).toEqual({
      id: expect.any(Number),
      username: 'learner',
      nickname: '学员小明',
      gender: 'MALE',
      avatar: null,
      introduction: '热爱编程的学习者。',
      phone: '138****8000',
      email: null,
      wechatBound: false,
    });
    expect(res.headers['cache-control']).toBe('no-store');
    // The session's own header (the browser's device cookie comes beside it: login-limits.test.ts).
    const setCookie = String([res.headers['set-cookie']].flat().find((header) => header?.startsWith('sid=')));
    expect(setCookie).toMatch(/^sid=[A-Za-z0-9_-]{43};/);
    expect(setCookie).toContain('HttpOnly');
    expect(setCookie).toContain('SameSite=Lax');
    expect(setCookie).toContain('Path=/');
    expect(setCookie).not.toContain('Secure');
    // No Max-Age/Expires: the cookie ends with the browser.
    expect(setCookie).not.toMatch(/Max-Age|Expires/i);
  });

  it('with rememberMe sets a 10-day cookie and a 10-day session', async () => {
    const res = await login({ username: 'learner', password: 'learner123', rememberMe: 'true' });
    const sid = res.cookies.find((c) => c.name === 'sid');
    expect(sid?.maxAge).toBe(864000);
    const id = createHash('sha256').update(sid!.value).digest('hex');
    const [row] = await t.db.select().from(sessions).where(eq(sessions.id, id));
    expect(row?.rememberMe).toBe(true);
    expect(row!.expiresAt.getTime() - t.clock.now().getTime()).toBe(rememberMeMs);
  });

  it('stores only the sha256 of the cookie token, and argon2id password hashes', async () => {
    const cookie = await loginAs(demoAccounts.newbie);
    const token = cookie.slice('sid='.length);
    expect(await t.db.select().from(sessions).where(eq(sessions.id, token))).toHaveLength(0);
    const hashed = createHash('sha256').update(token).digest('hex');
    expect(await t.db.select().from(sessions).where(eq(sessions.id, hashed))).toHaveLength(1);
    const [user] = await t.db.select({ hash: users.passwordHash }).from(users).where(eq(users.username, 'newbie'));
    expect(user?.hash).toMatch(/^\$argon2id\$/);
  });

  it('logs in with the phone number, with JSON, and ignores the username case', async () => {
    expect((await login({ username: '13800138000', password: 'learner123' })).statusCode).toBe(200);
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: 'LEARNER', password: 'learner123', rememberMe: true },
    });
    expect(json.statusCode).toBe(200);
    expect(json.json().user.username).toBe('learner');
  });

  it('refuses an unknown user and a wrong password with the same answer', async () => {
    const unknown = await login({ username: 'nobody-here', password: 'learner123' });
    const wrong = await login({ username: 'learner', password: 'wrong-password1' });
    const unknownPhone = await login({ username: '13900000000', password: 'learner123' });
    for (const res of [unknown, wrong, unknownPhone]) {
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ code: 'badCredential', message: 'Invalid login ID or password' });
      expect(res.headers['set-cookie']).toBeUndefined();
    }
  });

  it('answers badCredential in Chinese for a zh browser', async () => {
    const res = await login({ username: 'learner', password: 'nope' }, { 'accept-language': 'zh-CN' });
    expect(res.json()).toEqual({ code: 'badCredential', message: '登录账号或密码错误' });
  });

  it('refuses a missing login id with the rule of the contract', async () => {
    const res = await login({ password: 'learner123' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      code: 'validationFailed',
      message: 'Please check what you entered',
      field: 'username',
      rule: 'rule.login.idRequired',
    });
    const blank = await login({ username: '   ', password: 'x' });
    expect(blank.json()).toMatchObject({ field: 'username', rule: 'rule.login.idRequired' });
    const noPassword = await login({ username: 'learner' });
    expect(noPassword.json()).toMatchObject({ field: 'password', rule: 'rule.password.required' });
  });

  it('refuses malformed JSON and unsupported bodies with badRequest', async () => {
    const malformed = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"username": "learner", ',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toEqual({ code: 'badRequest', message: 'Bad request, please check the request URL' });

    const xml = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'content-type': 'application/xml' },
      payload: '<login/>',
    });
    expect(xml.statusCode).toBe(400);
    expect(xml.json().code).toBe('badRequest');

    const empty = await t.app.inject({ method: 'POST', url: '/api/login' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().code).toBe('validationFailed');
  });

  it('replaces the session the browser already had (a new id at every login)', async () => {
    const first = await loginAs(demoAccounts.learner);
    const res = await login({ username: 'learner', password: 'learner123' }, { cookie: first });
    const second = sessionCookieFrom(res);
    expect(second).not.toBe(first);
    expect((await currentUser(first)).statusCode).toBe(401);
    expect((await currentUser(second)).statusCode).toBe(200);
  });

  it('keeps schools apart: an account of one school cannot log in to another', async () => {
    const res = await login({ username: 'learner', password: 'learner123' }, { host: secondSchoolHost });
    expect(res.json().code).toBe('badCredential');
    const own = await login(
      { username: demoAccounts.secondSchoolLearner.username, password: demoAccounts.secondSchoolLearner.password },
      { host: secondSchoolHost },
    );
    expect(own.statusCode).toBe(200);
    // The cookie of one school means nothing on another.
    const cookie = sessionCookieFrom(own);
    expect((await t.app.inject({ url: '/api/users/current', headers: { cookie } })).statusCode).toBe(401);
    const there = await t.app.inject({ url: '/api/users/current', headers: { cookie, host: secondSchoolHost } });
    expect(there.json().nickname).toBe('Second School learner');
  });
});

describe('GET /api/auth/current and GET /api/users/current', () => {
  it('answer an anonymous visitor with null and 401', async () => {
    const auth = await t.app.inject({ url: '/api/auth/current' });
    expect(auth.statusCode).toBe(200);
    expect(auth.json()).toEqual({ user: null });
    expect(auth.headers['cache-control']).toBe('no-store');

    const res = await currentUser();
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ code: 'unauthorized', message: 'Your session has expired, please log in again' });
  });

  it('answer the logged-in user', async () => {
    const cookie = await loginAs(demoAccounts.newbie);
    const auth = await t.app.inject({ url: '/api/auth/current', headers: { cookie } });
    expect(auth.json().user).toMatchObject({ username: 'newbie', phone: null });
    const res = await currentUser(cookie);
    expect(res.statusCode).toBe(200);
    expect(userSchema.parse(res.json()).username).toBe('newbie');
  });

  it('treat a forged cookie as anonymous and clear it', async () => {
    const cookie = `sid=${'A'.repeat(43)}`;
    const res = await currentUser(cookie);
    expect(res.statusCode).toBe(401);
    const cleared = res.cookies.find((c) => c.name === 'sid');
    expect(cleared?.value).toBe('');
    expect(cleared?.expires?.getTime()).toBeLessThan(Date.now());
    expect((await t.app.inject({ url: '/api/auth/current', headers: { cookie: 'sid=garbage' } })).json()).toEqual({
      user: null,
    });
  });
});

describe('session expiry', () => {
  it(`ends a browser session after ${idleTimeoutMs / minute} idle minutes`, async () => {
    const cookie = await loginAs(demoAccounts.newbie);
    t.clock.advance(idleTimeoutMs - minute);
    expect((await currentUser(cookie)).statusCode).toBe(200);
    t.clock.advance(idleTimeoutMs + minute);
    const res = await currentUser(cookie);
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('unauthorized');
    expect((await t.app.inject({ url: '/api/auth/current', headers: { cookie } })).json()).toEqual({ user: null });
  });

  it('slides the idle timeout while the learner keeps using the app', async () => {
    const cookie = await loginAs(demoAccounts.newbie);
    for (let i = 0; i < 4; i++) {
      t.clock.advance(idleTimeoutMs - 10 * minute);
      expect((await currentUser(cookie)).statusCode).toBe(200);
    }
  });

  it(`ends even a busy browser session ${browserSessionLifetimeMs / minute / 60} hours after the login`, async () => {
    const cookie = await loginAs(demoAccounts.newbie);
    const step = 10 * minute;
    for (let elapsed = step; elapsed < browserSessionLifetimeMs; elapsed += step) {
      t.clock.advance(step);
      expect((await currentUser(cookie)).statusCode, `after ${elapsed / minute} minutes`).toBe(200);
    }
    t.clock.advance(step);
    expect((await currentUser(cookie)).statusCode).toBe(401);
    // Logging in again starts a new session, with a new lifetime.
    expect((await currentUser(await loginAs(demoAccounts.newbie))).statusCode).toBe(200);
  });

  it('keeps a remember-me session through idle hours, but not past 10 days', async () => {
    const cookie = await loginAs(demoAccounts.newbie, true);
    t.clock.advance(idleTimeoutMs * 3);
    expect((await currentUser(cookie)).statusCode).toBe(200);
    t.clock.advance(rememberMeMs);
    expect((await currentUser(cookie)).statusCode).toBe(401);
  });
});

describe('POST /api/logout', () => {
  it('ends the session, clears the cookie and answers 204', async () => {
    const cookie = await loginAs(demoAccounts.learner);
    const res = await t.app.inject({ method: 'POST', url: '/api/logout', headers: { cookie } });
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    const cleared = res.cookies.find((c) => c.name === 'sid');
    expect(cleared?.value).toBe('');
    expect((await currentUser(cookie)).statusCode).toBe(401);
  });

  it('is idempotent, with or without a cookie', async () => {
    const cookie = await loginAs(demoAccounts.learner);
    expect((await t.app.inject({ method: 'POST', url: '/api/logout', headers: { cookie } })).statusCode).toBe(204);
    expect((await t.app.inject({ method: 'POST', url: '/api/logout', headers: { cookie } })).statusCode).toBe(204);
    expect((await t.app.inject({ method: 'POST', url: '/api/logout' })).statusCode).toBe(204);
  });
});

describe('Origin check on state-changing requests', () => {
  it('refuses a login posted from another site', async () => {
    const res = await login({ username: 'learner', password: 'learner123' }, { origin: 'https://evil.example' });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('forbidden');
    expect(res.headers['set-cookie']).toBeUndefined();
  });

  it('refuses a logout from another site, and an opaque "null" origin', async () => {
    const cookie = await loginAs(demoAccounts.learner);
    const evil = await t.app.inject({
      method: 'POST',
      url: '/api/logout',
      headers: { cookie, origin: 'http://localhost:9999', host: 'localhost:8080' },
    });
    expect(evil.statusCode).toBe(403);
    expect((await currentUser(cookie)).statusCode).toBe(200);
    const opaque = await t.app.inject({ method: 'POST', url: '/api/logout', headers: { cookie, origin: 'null' } });
    expect(opaque.statusCode).toBe(403);
  });

  it('compares the scheme and the port as well as the host', async () => {
    const account = { username: 'learner', password: 'learner123' };
    const site = { host: 'localhost:8080' };
    for (const origin of ['https://localhost:8080', 'http://localhost:8081', 'http://localhost']) {
      expect((await login(account, { ...site, origin })).statusCode, origin).toBe(403);
    }
    expect((await login(account, { ...site, origin: 'http://LOCALHOST:8080' })).statusCode).toBe(200);
  });

  it('without an Origin, believes Sec-Fetch-Site, else refuses a foreign Referer', async () => {
    const account = { username: 'learner', password: 'learner123' };
    const site = { host: 'localhost:8080' };
    expect((await login(account, { ...site, 'sec-fetch-site': 'cross-site' })).statusCode).toBe(403);
    expect((await login(account, { ...site, 'sec-fetch-site': 'same-site' })).statusCode).toBe(403);
    expect((await login(account, { ...site, 'sec-fetch-site': 'same-origin' })).statusCode).toBe(200);
    expect((await login(account, { ...site, referer: 'https://evil.example/page' })).statusCode).toBe(403);
    expect((await login(account, { ...site, referer: 'https://localhost:8080/mobile/login' })).statusCode).toBe(403);
    expect((await login(account, { ...site, referer: 'http://localhost:8080/mobile/login' })).statusCode).toBe(200);
    // No browser context at all (curl, a payment gateway's notification): nothing to compare.
    expect((await login(account, site)).statusCode).toBe(200);
  });

  it('accepts our own origin, and reads from anywhere', async () => {
    const res = await login(
      { username: 'learner', password: 'learner123' },
      { origin: 'http://localhost:8080', host: 'localhost:8080' },
    );
    expect(res.statusCode).toBe(200);
    const read = await t.app.inject({ url: '/api/tenants/current', headers: { origin: 'https://elsewhere.example' } });
    expect(read.statusCode).toBe(200);
  });
});

describe('a disabled account', () => {
  beforeAll(async () => {
    // Disabling belongs to the admin area (not built): arrange it in the database.
    await t.db.update(users).set({ status: 'DISABLED' }).where(eq(users.username, 'newbie'));
  });
  afterAll(async () => {
    await t.db.update(users).set({ status: 'ACTIVE' }).where(eq(users.username, 'newbie'));
  });

  it('cannot log in, and is told so only with the right password', async () => {
    const right = await login({ username: 'newbie', password: 'newbie123' });
    expect(right.statusCode).toBe(403);
    expect(right.json()).toEqual({
      code: 'userDisabled',
      message: 'Your account shows an anomaly, please contact the administrator',
    });
    expect(right.headers['set-cookie']).toBeUndefined();
    expect((await login({ username: 'newbie', password: 'wrong' })).json().code).toBe('badCredential');
  });

  it('loses access with a session opened before it was disabled', async () => {
    await t.db.update(users).set({ status: 'ACTIVE' }).where(eq(users.username, 'newbie'));
    const cookie = await loginAs(demoAccounts.newbie);
    await t.db.update(users).set({ status: 'DISABLED' }).where(eq(users.username, 'newbie'));
    const res = await currentUser(cookie);
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('userDisabled');
    expect((await t.app.inject({ url: '/api/auth/current', headers: { cookie } })).json()).toEqual({ user: null });
  });
});
