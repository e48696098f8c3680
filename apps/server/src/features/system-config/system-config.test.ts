import { agreementListSchema, systemConfigSchema } from '@school/contract/shell';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { secondSchoolHost } from '../../demo-data/demo-accounts.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('GET /api/system/config', () => {
  it('answers the seeded configuration in the contract shape', async () => {
    const res = await t.app.inject({ url: '/api/system/config' });
    expect(res.statusCode).toBe(200);
    expect(systemConfigSchema.strict().parse(res.json())).toEqual({
      enabledFeatures: { search: true, articles: true, courseComments: true },
      accessConfig: { enableWap: true, enableOpenAccess: true },
      headerNavMenuConfig: { logo: '/mobile/favicon.svg' },
      wechatOfficialConfig: { enable: false },
      adminConfig: { port: null },
    });
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('never reveals the blocked IP list', async () => {
    const block = await t.app.inject({
      method: 'PUT',
      url: '/api/dev/system-config',
      payload: { blockedIps: ['10.9.8.7'] },
    });
    // The list must really be stored, or the check below proves nothing.
    expect(block.statusCode, block.body).toBe(200);
    expect(block.json().blockedIps).toEqual(['10.9.8.7']);
    const blocked = await t.app.inject({ url: '/api/courses', remoteAddress: '10.9.8.7' });
    expect(blocked.json().code).toBe('ipBlocked');

    const res = await t.app.inject({ url: '/api/system/config' });
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('blockedIps');
    expect(res.body).not.toContain('10.9.8.7');
    const unblock = await t.app.inject({ method: 'PUT', url: '/api/dev/system-config', payload: { blockedIps: [] } });
    expect(unblock.statusCode).toBe(200);
  });

  it('answers each school its own configuration', async () => {
    const res = await t.app.inject({ url: '/api/system/config', headers: { host: secondSchoolHost } });
    expect(res.json().enabledFeatures).toEqual({ search: true, articles: false, courseComments: false });
  });
});

describe('GET /api/system/config/user/agreement', () => {
  it('lists terms, privacy and about in English', async () => {
    const res = await t.app.inject({ url: '/api/system/config/user/agreement', headers: { 'accept-language': 'en' } });
    expect(res.statusCode).toBe(200);
    const { items } = agreementListSchema.parse(res.json());
    expect(items.map((a) => a.code)).toEqual(['terms', 'privacy', 'about']);
    expect(items[0]).toMatchObject({ title: 'Terms of Service' });
    expect(items[0]?.content).toMatch(/^<h2>Terms of Service<\/h2>/);
  });

  it('answers in Chinese for a zh browser', async () => {
    const res = await t.app.inject({
      url: '/api/system/config/user/agreement',
      headers: { 'accept-language': 'zh-CN,zh;q=0.9' },
    });
    const { items } = agreementListSchema.parse(res.json());
    expect(items.map((a) => a.title)).toEqual(['用户服务协议', '隐私政策', '关于我们']);
  });
});
