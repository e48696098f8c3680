import { captchaHeader } from '@school/contract/auth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CaptchaConfig } from '../../config/env.js';
import { demoAccounts } from '../../demo-data/demo-accounts.js';
import { fakeRequestId, startFakeAliyun, type FakeAliyun } from '../../testing/fake-aliyun.js';
import { ManualClock } from '../../testing/manual-clock.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { createAliyunAfs, noCaptcha } from './captcha-verifier.js';

type AfsConfig = Extract<CaptchaConfig, { provider: 'aliyun-afs' }>;

const credentials = { accessKeyId: 'LTAI5tFakeAfsKey', accessKeySecret: 'fake-afs-secret' };
let fake: FakeAliyun;
let config: AfsConfig;

beforeAll(async () => {
  // Passes the one good signature the widget "produced"; refuses the rest as AFS does (Code 900).
  fake = await startFakeAliyun({
    ...credentials,
    version: '2018-01-12',
    answer: (call) => {
      if (call.action !== 'AuthenticateSig')
        return { status: 400, json: { Code: 'InvalidAction.NotFound', RequestId: fakeRequestId() } };
      const pass = call.params.get('Sig') === 'good-sig' && call.params.get('AppKey') === 'FFFF0N00000000007E3A';
      return {
        json: pass
          ? { Code: 100, Msg: 'pass', RequestId: fakeRequestId(), RiskLevel: '' }
          : { Code: 900, Msg: 'fail', RequestId: fakeRequestId() },
      };
    },
  });
  config = {
    provider: 'aliyun-afs',
    ...credentials,
    appKey: 'FFFF0N00000000007E3A',
    scene: 'nc_login_h5',
    endpoint: fake.url,
    regionId: 'cn-hangzhou',
  };
});
afterAll(async () => {
  await fake.close();
});

const goodToken = new URLSearchParams({ sessionId: 'sess-1', sig: 'good-sig', token: 'tok-1' }).toString();
const badToken = new URLSearchParams({ sessionId: 'sess-1', sig: 'forged', token: 'tok-1' }).toString();
const silentLog = { warn() {}, error() {} } as never;

describe('Aliyun AFS adapter (against a fake AuthenticateSig that verifies signatures)', () => {
  it('passes a token AFS accepts, sending the widget values, the app key, scene and client address', async () => {
    const afs = createAliyunAfs(config, { clock: new ManualClock(), log: silentLog });
    expect(await afs.verify(goodToken, '203.0.113.7')).toBe(true);
    const call = fake.calls.at(-1)!;
    expect(
      Object.fromEntries(
        ['SessionId', 'Sig', 'Token', 'Scene', 'AppKey', 'RemoteIp'].map((k) => [k, call.params.get(k)]),
      ),
    ).toEqual({
      SessionId: 'sess-1',
      Sig: 'good-sig',
      Token: 'tok-1',
      Scene: 'nc_login_h5',
      AppKey: 'FFFF0N00000000007E3A',
      RemoteIp: '203.0.113.7',
    });
  });

  it('uses the scene the client names over the configured one', async () => {
    const afs = createAliyunAfs(config, { clock: new ManualClock(), log: silentLog });
    await afs.verify(`${goodToken}&scene=ic_login`, '203.0.113.7');
    expect(fake.calls.at(-1)!.params.get('Scene')).toBe('ic_login');
  });

  it('refuses a token AFS refuses, a missing or incomplete token, a wrong key, and an unreachable service', async () => {
    const afs = createAliyunAfs(config, { clock: new ManualClock(), log: silentLog });
    expect(await afs.verify(badToken, '203.0.113.7')).toBe(false);
    expect(await afs.verify(undefined, '203.0.113.7')).toBe(false);
    expect(await afs.verify('sessionId=only', '203.0.113.7')).toBe(false);
    const wrongKey = createAliyunAfs(
      { ...config, accessKeySecret: 'nope' },
      { clock: new ManualClock(), log: silentLog },
    );
    expect(await wrongKey.verify(goodToken, '203.0.113.7')).toBe(false);
    const away = createAliyunAfs(
      { ...config, endpoint: 'http://127.0.0.1:9' },
      { clock: new ManualClock(), log: silentLog },
    );
    expect(await away.verify(goodToken, '203.0.113.7')).toBe(false);
  });

  it('the none provider lets everything through', async () => {
    expect(await noCaptcha.verify(undefined, '203.0.113.7')).toBe(true);
  });
});

describe('the server with CAPTCHA_PROVIDER=aliyun-afs', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ captcha: config });
  });
  afterAll(async () => {
    await t.close();
  });

  const guarded = [
    { method: 'POST' as const, url: '/api/login', payload: { username: 'learner', password: 'learner123' } },
    { method: 'POST' as const, url: '/api/login/sms', payload: { phone: '13800138000', code: '123456' } },
    { method: 'GET' as const, url: '/api/users/sms/code?phone=13800138000&purpose=login' },
    { method: 'POST' as const, url: '/api/users/send/bind/phone/code', payload: { phone: '13800138000' } },
    { method: 'POST' as const, url: '/api/register/code/verify', payload: { phone: '13800138000', code: '123456' } },
    {
      method: 'POST' as const,
      url: '/api/register/reset_token',
      payload: { resetToken: 'x', password: 'abcd1234', confirmPassword: 'abcd1234' },
    },
  ];

  it.each(guarded)('$method $url answers afsValidateFailed without a passing captcha', async (request) => {
    for (const headers of [{}, { [captchaHeader]: badToken }]) {
      const res = await t.app.inject({ ...request, headers });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ code: 'afsValidateFailed', message: 'Smart captcha failed, please retry later' });
    }
  });

  it('logs in with a passing captcha', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { [captchaHeader]: goodToken },
      payload: { username: demoAccounts.learner.username, password: demoAccounts.learner.password },
    });
    expect(res.statusCode).toBe(200);
  });
});
