import { createHash } from 'node:crypto';
import { wxSignatureSchema } from '@school/contract/wechat';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeWechat, type FakeWechat } from '../../testing/fake-wechat.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';

let fake: FakeWechat;
let t: TestApp;
beforeAll(async () => {
  fake = await startFakeWechat();
  t = await createTestApp({
    wechat: { appId: fake.appId, appSecret: fake.appSecret, apiBase: fake.url },
  });
  await setWechat(t, true);
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

function setWechat(app: TestApp, enable: boolean) {
  return app.app.inject({
    method: 'PUT',
    url: '/api/dev/system-config',
    payload: { wechatOfficialConfig: { enable } },
  });
}

const signatureOf = (app: TestApp, url: string) =>
  app.app.inject({ url: `/api/users/wx/signature?url=${encodeURIComponent(url)}` });

// Written out from WeChat's documentation, apart from the server's code.
const sha1 = (ticket: string, nonce: string, timestamp: number, url: string) =>
  createHash('sha1').update(`jsapi_ticket=${ticket}&noncestr=${nonce}&timestamp=${timestamp}&url=${url}`).digest('hex');

describe('GET /api/users/wx/signature', () => {
  it('signs the page URL with the cached jsapi_ticket: one ticket fetch for many pages', async () => {
    const page = 'http://127.0.0.1:8080/mobile/courses/abc?from=share';
    const first = await signatureOf(t, page);
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('no-store');
    const body = wxSignatureSchema.parse(first.json());
    expect(body.appId).toBe(fake.appId);
    expect(body.timestamp).toBe(Math.floor(t.clock.now().getTime() / 1000));
    expect(body.nonceStr).toMatch(/^[0-9a-f]{16}$/);
    expect(body.signature).toBe(sha1('JSAPI_TICKET_1', body.nonceStr, body.timestamp, page));

    for (let i = 0; i < 3; i++) {
      const next = wxSignatureSchema.parse((await signatureOf(t, `${page}&n=${i}`)).json());
      expect(next.nonceStr).not.toBe(body.nonceStr);
      expect(next.signature).toBe(sha1('JSAPI_TICKET_1', next.nonceStr, next.timestamp, `${page}&n=${i}`));
    }
    expect(fake.counts).toMatchObject({ token: 1, ticket: 1 });
  });

  it('leaves the hash out of what it signs', async () => {
    const res = wxSignatureSchema.parse((await signatureOf(t, 'https://school.example/mobile/me#top')).json());
    expect(res.signature).toBe(sha1('JSAPI_TICKET_1', res.nonceStr, res.timestamp, 'https://school.example/mobile/me'));
  });

  it('refuses a missing or non-http URL', async () => {
    expect((await t.app.inject({ url: '/api/users/wx/signature' })).json()).toMatchObject({
      code: 'validationFailed',
      field: 'url',
    });
    expect((await signatureOf(t, 'javascript:alert(1)')).json()).toMatchObject({
      code: 'validationFailed',
      field: 'url',
    });
  });

  it('answers 403 while the school’s WeChat setting is off', async () => {
    await setWechat(t, false);
    try {
      const res = await signatureOf(t, 'https://school.example/mobile/');
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('forbidden');
    } finally {
      await setWechat(t, true);
    }
  });

  it('answers 502 badGateway when no ticket can be had', async () => {
    const other = await createTestApp({
      wechat: { appId: fake.appId, appSecret: 'wrong-secret', apiBase: fake.url },
    });
    try {
      await setWechat(other, true);
      const res = await signatureOf(other, 'https://school.example/mobile/');
      expect(res.statusCode).toBe(502);
      expect(res.json().code).toBe('badGateway');
    } finally {
      await other.close();
    }
  });

  it('answers 403 on a server without WeChat settings', async () => {
    const bare = await createTestApp();
    try {
      await setWechat(bare, true);
      expect((await signatureOf(bare, 'https://school.example/mobile/')).statusCode).toBe(403);
    } finally {
      await bare.close();
    }
  });
});
