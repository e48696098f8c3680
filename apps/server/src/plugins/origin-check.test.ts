import { examTakingPaths } from '@school/contract/exam-taking-paths';
import { accountPaths } from '@school/contract/account-paths';
import { apiPaths } from '@school/contract/paths';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoAccounts } from '../demo-data/demo-accounts.js';
import { registeredRoutes } from '../lib/route-registry.js';
import { loginCookie } from '../testing/accounts.js';
import { examScenarios, type ExamScenarios } from '../testing/exam-scenarios.js';
import { createTestApp, type TestApp } from '../testing/test-app.js';

/*
 * Decision 018, the probe's finding 3: `GET /api/users/sms/code` answered a request from any site, so
 * an `<img>` on any page sent the school's messages to numbers it picked. A GET with an effect
 * is refused from another site exactly like a write; the app's own calls still pass.
 */

let t: TestApp;
let cookie: string;
let userId: number;
let homework: ExamScenarios['homeworkSubmitted'];
beforeAll(async () => {
  t = await createTestApp();
  cookie = await loginCookie(t, demoAccounts.learner);
  homework = (await examScenarios(t.db)).homeworkSubmitted;
  userId = (await t.app.inject({ url: apiPaths.usersCurrent, headers: { cookie } })).json<{ id: number }>().id;
});
afterAll(async () => {
  await t.close();
});

const site = { host: 'localhost:8080' };
let phoneCounter = 0;
const freshPhone = () => `1391111${String(++phoneCounter).padStart(4, '0')}`;

// What a browser sends along, for each way a request can reach us.
const crossSite: [string, Record<string, string>][] = [
  ['Sec-Fetch-Site: cross-site (an <img> or a link on another site)', { 'sec-fetch-site': 'cross-site' }],
  ['Sec-Fetch-Site: same-site (a sibling subdomain)', { 'sec-fetch-site': 'same-site' }],
  ['an Origin of another site', { origin: 'https://evil.example' }],
  ['an opaque Origin (a sandboxed frame)', { origin: 'null' }],
  ['an Origin of our host on another port', { origin: 'http://localhost:9999' }],
  ['a foreign Referer without Fetch Metadata (an older browser)', { referer: 'https://evil.example/page' }],
];

const ownSite: [string, Record<string, string>][] = [
  ['Sec-Fetch-Site: same-origin (the app’s own fetch)', { 'sec-fetch-site': 'same-origin' }],
  ['Sec-Fetch-Site: none (typed into the address bar)', { 'sec-fetch-site': 'none' }],
  ['our own Origin', { origin: 'http://localhost:8080' }],
  ['our own Referer', { referer: 'http://localhost:8080/mobile/login' }],
  ['no browser context at all (curl)', {}],
];

const sendCode = (phone: string, headers: Record<string, string>) =>
  t.app.inject({ url: accountPaths.smsCode, query: { phone, purpose: 'login' }, headers: { ...site, ...headers } });

const lastCode = async (phone: string) =>
  (await t.app.inject({ url: '/api/dev/sms/latest', query: { phone }, headers: site })).statusCode;

describe('GET /api/users/sms/code from another site', () => {
  it.each(crossSite)('is refused with 403 forbidden and sends nothing: %s', async (_how, headers) => {
    const phone = freshPhone();
    const res = await sendCode(phone, headers);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'forbidden' });
    // The console provider has nothing for that phone: no message left.
    expect(await lastCode(phone)).toBe(404);
  });

  it.each(ownSite)('is sent from our own pages: %s', async (_how, headers) => {
    const phone = freshPhone();
    const res = await sendCode(phone, headers);
    expect(res.statusCode, res.body).toBe(200);
    expect(await lastCode(phone)).toBe(200);
  });
});

describe('every other GET with an effect', () => {
  // Each counts a look-up or a guess, sends, or creates a row; each is called by the app itself.
  const effectful = (): { url: string; query: Record<string, string> }[] => [
    { url: accountPaths.checkPhone, query: { phone: freshPhone() } },
    { url: accountPaths.checkUsername, query: { username: 'someone' } },
    { url: accountPaths.registerCheckPhone, query: { phone: freshPhone() } },
    { url: accountPaths.registerCheckUsername, query: { username: 'someone' } },
    { url: `/api/users/phone/${freshPhone()}`, query: {} },
    { url: `/api/users/${userId}/check/password`, query: { password: 'not-the-password' } },
    { url: apiPaths.wxSignature, query: { url: 'http://localhost:8080/mobile/' } },
    { url: examTakingPaths.homework(homework.lessonId, homework.homeworkId), query: {} },
  ];

  it('are exactly the routes marked as having an effect', () => {
    const marked = registeredRoutes(t.app)
      .filter((route) => route.hasEffect)
      .map((route) => `${route.method} ${route.url}`)
      .sort();
    const gets = [
      accountPaths.smsCode,
      accountPaths.checkPhone,
      accountPaths.checkUsername,
      accountPaths.registerCheckPhone,
      accountPaths.registerCheckUsername,
      '/api/users/phone/:phone',
      '/api/users/:id/check/password',
      apiPaths.wxSignature,
      '/api/lessons/:lessonId/homework/:id',
    ];
    // Fastify registers a HEAD beside each GET; it runs the same handler.
    expect(marked).toEqual(gets.flatMap((url) => [`GET ${url}`, `HEAD ${url}`]).sort());
  });

  it.each(crossSite)('are refused with 403 forbidden: %s', async (_how, headers) => {
    for (const request of effectful()) {
      const res = await t.app.inject({ ...request, headers: { ...site, cookie, ...headers } });
      expect(res.statusCode, request.url).toBe(403);
      expect(res.json(), request.url).toMatchObject({ code: 'forbidden' });
    }
  });

  it('pass from our own pages, answered as a request with no browser context is', async () => {
    for (const request of effectful()) {
      const own = await t.app.inject({ ...request, headers: { ...site, cookie, 'sec-fetch-site': 'same-origin' } });
      const plain = await t.app.inject({ ...request, headers: { ...site, cookie } });
      expect(own.statusCode, request.url).toBe(plain.statusCode);
      // WeChat is not set up in tests: its 403 is that, not this guard's.
      if (request.url !== apiPaths.wxSignature) expect(own.statusCode, request.url).toBeLessThan(400);
    }
  });

  it('leave the reads without an effect open to any site', async () => {
    for (const url of [apiPaths.tenantCurrent, apiPaths.courses, accountPaths.checkIdNo + '?idNo=110101199003074477']) {
      const res = await t.app.inject({ url, headers: { ...site, 'sec-fetch-site': 'cross-site' } });
      expect(res.statusCode, url).toBe(200);
    }
  });
});
