import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AliyunSmsConfig } from '../../config/env.js';
import { expectedRpcSignature, fakeRequestId, startFakeAliyun, type FakeAliyun } from '../../testing/fake-aliyun.js';
import { ManualClock } from '../../testing/manual-clock.js';
import { createTestApp, sessionCookieFrom } from '../../testing/test-app.js';
import { createAliyunSms } from './aliyun-sms.js';
import { SmsSendError } from './sms-sender.js';

const credentials = { accessKeyId: 'LTAI5tFakeKeyId', accessKeySecret: 'fake-secret-for-tests' };
let mode: 'ok' | 'limited' = 'ok';
let fake: FakeAliyun;
let config: AliyunSmsConfig;

beforeAll(async () => {
  fake = await startFakeAliyun({
    ...credentials,
    version: '2017-05-25',
    answer: (call) => {
      if (call.action !== 'SendSms')
        return { status: 400, json: { Code: 'InvalidAction.NotFound', RequestId: fakeRequestId() } };
      if (mode === 'limited') {
        return {
          json: { Code: 'isv.BUSINESS_LIMIT_CONTROL', Message: '触发分钟级流控Permits:1', RequestId: fakeRequestId() },
        };
      }
      return { json: { Message: 'OK', RequestId: fakeRequestId(), Code: 'OK', BizId: '900619746936498440^0' } };
    },
  });
  config = {
    ...credentials,
    signName: '演示学校',
    templateCode: 'SMS_154950909',
    endpoint: fake.url,
    regionId: 'cn-hangzhou',
  };
});
afterAll(async () => {
  await fake.close();
});

describe('Aliyun SMS adapter (against a fake dysmsapi that verifies signatures)', () => {
  it('uses a fake whose own signature check agrees with Alibaba’s documented example', () => {
    const documented = new URLSearchParams({
      Timestamp: '2016-02-23T12:46:24Z',
      Format: 'XML',
      AccessKeyId: 'testid',
      Action: 'DescribeRegions',
      SignatureMethod: 'HMAC-SHA1',
      SignatureNonce: '3ee8c1b8-83d3-44af-a94f-4e0ad82fd6cf',
      Version: '2014-05-26',
      SignatureVersion: '1.0',
    });
    expect(expectedRpcSignature('GET', documented, 'testsecret')).toBe('OLeaidS1JvxuMvnyHOwuJ+uX5qY=');
  });

  it('sends SendSms with the phone, sign name, template and the code as template parameter', async () => {
    mode = 'ok';
    const sms = createAliyunSms(config, new ManualClock());
    await sms.send({ tenantId: 1, phone: '13800138000', purpose: 'login', code: '042517' });
    const call = fake.calls.at(-1)!;
    expect(call.action).toBe('SendSms');
    expect(call.params.get('PhoneNumbers')).toBe('13800138000');
    expect(call.params.get('SignName')).toBe('演示学校');
    expect(call.params.get('TemplateCode')).toBe('SMS_154950909');
    expect(JSON.parse(call.params.get('TemplateParam')!)).toEqual({ code: '042517' });
    expect(call.params.get('RegionId')).toBe('cn-hangzhou');
  });

  it('fails with SmsSendError when the gateway refuses the message', async () => {
    mode = 'limited';
    const sms = createAliyunSms(config, new ManualClock());
    await expect(sms.send({ tenantId: 1, phone: '13800138000', purpose: 'login', code: '111111' })).rejects.toThrow(
      SmsSendError,
    );
    mode = 'ok';
  });

  it('fails when the signature does not match (a wrong secret)', async () => {
    const sms = createAliyunSms({ ...config, accessKeySecret: 'not-the-secret' }, new ManualClock());
    const error = await sms
      .send({ tenantId: 1, phone: '13800138000', purpose: 'login', code: '111111' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SmsSendError);
    expect((error as SmsSendError).detail).toMatchObject({ status: 400, code: 'SignatureDoesNotMatch' });
  });

  it('fails when the gateway cannot be reached', async () => {
    const sms = createAliyunSms({ ...config, endpoint: 'http://127.0.0.1:9' }, new ManualClock());
    await expect(sms.send({ tenantId: 1, phone: '13800138000', purpose: 'login', code: '111111' })).rejects.toThrow(
      SmsSendError,
    );
  });
});

describe('the server with SMS_PROVIDER=aliyun', () => {
  it('delivers a code through Aliyun that then logs in; a refused send answers 502 smsSendFailed', async () => {
    const t = await createTestApp({ smsProvider: 'aliyun', aliyunSms: config });
    try {
      mode = 'ok';
      const sent = await t.app.inject({ url: '/api/users/sms/code?phone=13800138000&purpose=login' });
      expect(sent.statusCode).toBe(200);
      const { code } = JSON.parse(fake.calls.at(-1)!.params.get('TemplateParam')!) as { code: string };
      const login = await t.app.inject({
        method: 'POST',
        url: '/api/login/sms',
        payload: { phone: '13800138000', code },
      });
      expect(login.statusCode).toBe(200);
      expect(sessionCookieFrom(login)).toMatch(/^sid=/);

      mode = 'limited';
      const failed = await t.app.inject({ url: '/api/users/sms/code?phone=13900139000&purpose=login' });
      expect(failed.statusCode).toBe(502);
      expect(failed.json()).toEqual({ code: 'smsSendFailed', message: 'Failed to send the verification code' });
      // Nothing was delivered, so no code is waiting and the learner may try again at once.
      mode = 'ok';
      expect((await t.app.inject({ url: '/api/users/sms/code?phone=13900139000&purpose=login' })).statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });
});
