import { devSystemConfigResultSchema } from '@school/contract/dev';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoAccounts, secondSchoolHost } from '../../demo-data/demo-accounts.js';
import { createTestApp, sessionCookieFrom, type TestApp } from '../../testing/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ devRoutes: true });
});
afterAll(async () => {
  await t.close();
});

function patch(payload: object) {
  return t.app.inject({ method: 'PUT', url: '/api/dev/system-config', payload });
}

describe('PUT /api/dev/system-config', () => {
  it('merges the given flags into the default school and leaves the rest alone', async () => {
    const res = await patch({ accessConfig: { enableWap: false } });
    expect(res.statusCode).toBe(200);
    const result = devSystemConfigResultSchema.parse(res.json());
    expect(result.systemConfig.accessConfig).toEqual({ enableWap: false, enableOpenAccess: true });
    expect(result.tenantStatus).toBe('RUNNING');

    await patch({
      accessConfig: { enableOpenAccess: false },
      wechatOfficialConfig: { enable: true },
      enabledFeatures: { live: true },
    });
    const config = (await t.app.inject({ url: '/api/system/config' })).json();
    expect(config.accessConfig).toEqual({ enableWap: false, enableOpenAccess: false });
    expect(config.wechatOfficialConfig).toEqual({ enable: true });
    expect(config.enabledFeatures).toEqual({ search: true, articles: true, courseComments: true, live: true });

    await patch({ accessConfig: { enableWap: true, enableOpenAccess: true }, wechatOfficialConfig: { enable: false } });
  });

  it('changes the school of the host it is called on, and no other', async () => {
    await patch({ accessConfig: { enableWap: false } });
    const other = (await t.app.inject({ url: '/api/system/config', headers: { host: secondSchoolHost } })).json();
    expect(other.accessConfig.enableWap).toBe(true);
    await patch({ accessConfig: { enableWap: true } });

    const onSecond = await t.app.inject({
      method: 'PUT',
      url: '/api/dev/system-config',
      headers: { host: secondSchoolHost },
      payload: { accessConfig: { enableOpenAccess: false } },
    });
    expect(onSecond.statusCode, onSecond.body).toBe(200);
    const second = (await t.app.inject({ url: '/api/system/config', headers: { host: secondSchoolHost } })).json();
    expect(second.accessConfig.enableOpenAccess).toBe(false);
    const demo = (await t.app.inject({ url: '/api/system/config' })).json();
    expect(demo.accessConfig.enableOpenAccess).toBe(true);
  });

  it('refuses malformed input with the offending field', async () => {
    const res = await patch({ blockedIps: ['127.0.0.1', 'not an ip'] });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'validationFailed', field: 'blockedIps.1' });
    expect((await patch({ tenantStatus: 'PAUSED' })).json()).toMatchObject({ field: 'tenantStatus' });
  });

  it('still works while the school is stopped and this address is blocked, so tests can undo it', async () => {
    await patch({ tenantStatus: 'STOPPED', blockedIps: ['127.0.0.1'] });
    const res = await patch({ tenantStatus: 'RUNNING', blockedIps: [] });
    expect(res.statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/decorations/tabs/list' })).statusCode).toBe(200);
  });
});

describe('POST /api/dev/sessions/expire', () => {
  it("ends every session of the cookie's user, as an expiry would", async () => {
    const login = () =>
      t.app.inject({ method: 'POST', url: '/api/login', payload: { ...demoAccounts.learner, rememberMe: true } });
    const phone = sessionCookieFrom(await login());
    const laptop = sessionCookieFrom(await login());
    const res = await t.app.inject({ method: 'POST', url: '/api/dev/sessions/expire', headers: { cookie: phone } });
    expect(res.statusCode).toBe(204);
    for (const cookie of [phone, laptop]) {
      expect((await t.app.inject({ url: '/api/users/current', headers: { cookie } })).statusCode).toBe(401);
    }
  });

  it('answers 204 without a session', async () => {
    expect((await t.app.inject({ method: 'POST', url: '/api/dev/sessions/expire' })).statusCode).toBe(204);
  });
});

describe('with dev routes off (and an https public URL)', () => {
  let prod: TestApp;
  beforeAll(async () => {
    prod = await createTestApp({ devRoutes: false, publicUrl: 'https://school.example.com', secureCookies: true });
  });
  afterAll(async () => {
    await prod.close();
  });

  it.each([
    ['PUT', '/api/dev/system-config'],
    ['POST', '/api/dev/sessions/expire'],
  ] as const)('%s %s does not exist', async (method, url) => {
    const res = await prod.app.inject({ method, url, payload: {} });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ code: 'notFound', message: 'Resource not found, please check the request URL' });
  });

  it('marks the session cookie Secure', async () => {
    const res = await prod.app.inject({ method: 'POST', url: '/api/login', payload: demoAccounts.learner });
    expect(res.statusCode).toBe(200);
    expect(String(res.headers['set-cookie'])).toContain('Secure');
  });
});
