import { accountPaths } from '@school/contract/account-paths';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeRequestId, startFakeAliyun, type FakeAliyun } from './testing/fake-aliyun.js';
import { createTestApp, sessionCookieFrom, type TestApp } from './testing/test-app.js';

/*
 * Decision 018, the probe's finding 4: a run's log held national identity numbers and phone numbers
 * in clear (316 lines in one run), from the account GETs that carry them (docs/product.md#api-paths). Here a learner signs
 * up and uses the account screens with the server logging as production does (info, a real
 * SMS provider: the code reaches only the fake Aliyun), and the whole log is searched for
 * every personal or secret value the requests carried.
 */

const credentials = { accessKeyId: 'LTAI5tFakeKeyId', accessKeySecret: 'fake-secret-for-tests' };
const lines: string[] = [];
let fake: FakeAliyun;
let t: TestApp;

beforeAll(async () => {
  fake = await startFakeAliyun({
    ...credentials,
    version: '2017-05-25',
    answer: () => ({ json: { Message: 'OK', RequestId: fakeRequestId(), Code: 'OK', BizId: '900619746936498440^0' } }),
  });
  t = await createTestApp(
    {
      logLevel: 'info',
      smsProvider: 'aliyun',
      aliyunSms: {
        ...credentials,
        signName: '演示学校',
        templateCode: 'SMS_154950909',
        endpoint: fake.url,
        regionId: 'cn-hangzhou',
      },
    },
    { logStream: { write: (line) => lines.push(line) } },
  );
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

const phone = '13912345678';
const idNo = '11010519491231002X';
const password = 'my-own-Secret-9';
const resetToken = 'f3a9c2e18b7d4a6095c1e2d3b4a5f6e7';

const get = (url: string, query: Record<string, string> = {}, cookie?: string) =>
  t.app.inject({ url, query, headers: cookie ? { cookie } : {} });

/** The code the fake Aliyun was asked to send last. */
function lastSentCode(): string {
  const call = fake.calls.at(-1);
  const param = call?.params.get('TemplateParam');
  if (!param) throw new Error('no SMS was sent');
  return (JSON.parse(param) as { code: string }).code;
}

describe('the log of a learner signing up and checking their details', () => {
  it('holds no identity number, phone, code, password or token, and a phone’s last four digits', async () => {
    expect((await get(accountPaths.checkIdNo, { idNo })).statusCode).toBe(200);
    expect((await get(accountPaths.registerCheckPhone, { phone })).statusCode).toBe(200);
    expect((await get(accountPaths.smsCode, { phone, purpose: 'register' })).statusCode).toBe(200);
    const code = lastSentCode();
    const registered = await t.app.inject({
      method: 'POST',
      url: accountPaths.register,
      payload: { nickname: 'Log Reader', username: 'logreader', password, confirmPassword: password, phone, code },
    });
    expect(registered.statusCode, registered.body).toBe(200);
    const cookie = sessionCookieFrom(registered);
    const userId = registered.json<{ user: { id: number } }>().user.id;

    expect((await get(`/api/users/phone/${phone}`)).statusCode).toBe(200);
    expect((await get(accountPaths.checkPhone, { phone }, cookie)).statusCode).toBe(200);
    expect((await get(`/api/users/${userId}/check/password`, { password }, cookie)).statusCode).toBe(200);
    // A wrong code and a guessed token in a URL, as a careless or hostile client may send them.
    await get('/api/users/verify/code', { phone, code });
    await get(`/api/nowhere/${phone}`, { token: resetToken, idCard: idNo });

    const log = lines.join('');
    expect(log).toContain('"url":"/api/users/phone/***5678"');
    for (const value of [idNo, idNo.toLowerCase(), phone, code, password, resetToken]) {
      expect(log, value).not.toContain(value);
    }
  });
});
