import { tenantSchema } from '@school/contract/shell';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { tenants } from '../../db/schema.js';
import { secondSchoolHost } from '../../demo-data/demo-accounts.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

async function setDefaultTenant(patch: object) {
  const res = await t.app.inject({ method: 'PUT', url: '/api/dev/system-config', payload: patch });
  expect(res.statusCode).toBe(200);
}

describe('GET /api/tenants/current', () => {
  it('answers the default tenant on localhost, in English by default', async () => {
    const res = await t.app.inject({ url: '/api/tenants/current', headers: { host: 'localhost:8080' } });
    expect(res.statusCode).toBe(200);
    const body = tenantSchema.parse(res.json());
    expect(body).toEqual({
      id: expect.any(Number),
      name: 'Demo School',
      slogan: 'Learn what you love, anywhere',
      favicon: '/mobile/favicon.svg',
      status: 'RUNNING',
      currency: 'CNY',
    });
  });

  it.each([
    ['zh-CN,zh;q=0.9,en;q=0.8', '演示学校'],
    ['zh-TW', '演示学校'],
    ['cn', '演示学校'],
    ['en-US,en;q=0.9', 'Demo School'],
    ['fr-FR', 'Demo School'],
    ['en;q=0.5,zh;q=0.9', '演示学校'],
  ])('localizes by Accept-Language %s', async (acceptLanguage, name) => {
    const res = await t.app.inject({ url: '/api/tenants/current', headers: { 'accept-language': acceptLanguage } });
    expect(res.json().name).toBe(name);
  });

  it('answers the default tenant for 127.0.0.1 and for unknown hosts', async () => {
    const a = await t.app.inject({ url: '/api/tenants/current', headers: { host: '127.0.0.1:8080' } });
    const b = await t.app.inject({ url: '/api/tenants/current', headers: { host: 'nobody.example.com' } });
    expect(a.json().id).toBe(b.json().id);
    expect(b.json().name).toBe('Demo School');
  });

  it('answers the second school on its own host, whatever the port', async () => {
    const res = await t.app.inject({ url: '/api/tenants/current', headers: { host: `${secondSchoolHost}:8080` } });
    expect(res.json()).toMatchObject({ name: 'Second School', currency: 'USD' });
    const upper = await t.app.inject({ url: '/api/tenants/current', headers: { host: 'SCHOOL2.localhost' } });
    expect(upper.json().name).toBe('Second School');
  });

  it('is revalidated with an ETag that varies by language', async () => {
    const first = await t.app.inject({ url: '/api/tenants/current' });
    expect(first.headers['cache-control']).toBe('no-cache');
    expect(first.headers.vary).toContain('Accept-Language');
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await t.app.inject({ url: '/api/tenants/current', headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    const chinese = await t.app.inject({
      url: '/api/tenants/current',
      headers: { 'if-none-match': etag, 'accept-language': 'zh-CN' },
    });
    expect(chinese.statusCode).toBe(200);
  });
});

describe('a stopped tenant', () => {
  beforeAll(async () => {
    await setDefaultTenant({ tenantStatus: 'STOPPED' });
  });
  afterAll(async () => {
    await setDefaultTenant({ tenantStatus: 'RUNNING' });
  });

  it('still answers tenants/current with its status', async () => {
    const res = await t.app.inject({ url: '/api/tenants/current' });
    expect(res.statusCode).toBe(200);
    expect(res.json().status).toBe('STOPPED');
  });

  it.each([
    ['GET', '/api/system/config'],
    ['GET', '/api/system/config/user/agreement'],
    ['GET', '/api/decorations/tabs/list'],
    ['GET', '/api/decorations/pages/1'],
    ['GET', '/api/auth/current'],
    ['GET', '/api/users/current'],
    ['POST', '/api/logout'],
  ] as const)('refuses %s %s with tenantStopped', async (method, url) => {
    const res = await t.app.inject({ method, url, headers: { 'accept-language': 'zh-CN' } });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ code: 'tenantStopped', message: '网校服务已停止' });
  });

  it('does not stop the other school', async () => {
    const res = await t.app.inject({ url: '/api/system/config', headers: { host: secondSchoolHost } });
    expect(res.statusCode).toBe(200);
  });
});

describe('a blocked IP', () => {
  // light-my-request connects from 127.0.0.1.
  afterAll(async () => {
    await setDefaultTenant({ blockedIps: [] });
  });

  it.each([['127.0.0.1'], ['127.0.0.0/8']])('is refused with ipBlocked when listed as %s', async (entry) => {
    await setDefaultTenant({ blockedIps: ['10.1.2.3', entry] });
    const res = await t.app.inject({ url: '/api/decorations/tabs/list' });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({
      code: 'ipBlocked',
      message: 'You have no permission to access this system, please contact the administrator',
    });
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: 'learner', password: 'learner123' },
    });
    expect(login.json().code).toBe('ipBlocked');
  });

  it('can still read the tenant and the system config, to show the blocked page', async () => {
    await setDefaultTenant({ blockedIps: ['127.0.0.1'] });
    expect((await t.app.inject({ url: '/api/tenants/current' })).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/system/config' })).statusCode).toBe(200);
  });

  it('only applies to the school that blocked it', async () => {
    await setDefaultTenant({ blockedIps: ['127.0.0.1'] });
    const res = await t.app.inject({ url: '/api/decorations/tabs/list', headers: { host: secondSchoolHost } });
    expect(res.statusCode).toBe(200);
  });

  it('lets other addresses through', async () => {
    await setDefaultTenant({ blockedIps: ['10.0.0.0/8', '::1'] });
    const res = await t.app.inject({ url: '/api/decorations/tabs/list' });
    expect(res.statusCode).toBe(200);
  });
});

describe('tenant resolution cache', () => {
  it('sees a change made elsewhere once the few seconds of caching have passed', async () => {
    const read = async () => (await t.app.inject({ url: '/api/tenants/current' })).json().status;
    expect(await read()).toBe('RUNNING');
    // Another server process stops the school: this process does not hear of it.
    await t.db.update(tenants).set({ status: 'STOPPED' }).where(eq(tenants.isDefault, true));
    expect(await read()).toBe('RUNNING');
    t.clock.advance(5_001);
    expect(await read()).toBe('STOPPED');
    await setDefaultTenant({ tenantStatus: 'RUNNING' });
    expect(await read()).toBe('RUNNING');
  });
});
