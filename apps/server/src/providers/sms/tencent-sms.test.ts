import { createHash, createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TencentSmsConfig } from '../../config/env.js';
import { startFakeRemote, type FakeAnswer, type FakeRemote, type RecordedRequest } from '../../testing/fake-remote.js';
import { ManualClock } from '../../testing/manual-clock.js';
import { createTestApp } from '../../testing/test-app.js';
import { SmsSendError } from './sms-sender.js';
import { createTencentSms } from './tencent-sms.js';

/*
 * A fake sms.tencentcloudapi.com: it recomputes the TC3-HMAC-SHA256 signature from the raw
 * request (following Tencent's published signature-v3 demo step by step, not the adapter's
 * code) and answers like API 3.0: HTTP 200 with `Response.Error` on failures.
 */

const secretId = 'AKIDfakeSecretId0000000000000000';
const secretKey = 'fakeSecretKey00000000000000000000';

const sha256hex = (s: string) => createHash('sha256').update(s).digest('hex');
const hmacsha256 = (s: string, key: string | Buffer) => createHmac('sha256', key).update(s).digest();

function verifyTc3(request: RecordedRequest): string | null {
  const auth = String(request.headers.authorization ?? '');
  const match =
    /^TC3-HMAC-SHA256 Credential=([^/]+)\/(\d{4}-\d\d-\d\d)\/sms\/tc3_request, SignedHeaders=content-type;host, Signature=([0-9a-f]{64})$/.exec(
      auth,
    );
  if (!match) return 'AuthFailure.InvalidAuthorization';
  const [, id, date, signature] = match;
  if (id !== secretId) return 'AuthFailure.SecretIdNotFound';
  const timestamp = Number(request.headers['x-tc-timestamp']);
  if (new Date(timestamp * 1000).toISOString().slice(0, 10) !== date) return 'AuthFailure.SignatureFailure';
  const canonicalHeaders = `content-type:${String(request.headers['content-type'])}\nhost:${String(request.headers.host)}\n`;
  const canonicalRequest = `POST\n/\n\n${canonicalHeaders}\ncontent-type;host\n${sha256hex(request.body)}`;
  const string2sign = `TC3-HMAC-SHA256\n${timestamp}\n${date}/sms/tc3_request\n${sha256hex(canonicalRequest)}`;
  const secretDate = hmacsha256(date!, `TC3${secretKey}`);
  const secretService = hmacsha256('sms', secretDate);
  const secretSigning = hmacsha256('tc3_request', secretService);
  const expected = createHmac('sha256', secretSigning).update(string2sign).digest('hex');
  return expected === signature ? null : 'AuthFailure.SignatureFailure';
}

let mode: 'ok' | 'limited' = 'ok';
let fake: FakeRemote;
let config: TencentSmsConfig;

function answer(request: RecordedRequest): FakeAnswer {
  const RequestId = 'ed93f3cb-f35e-473f-b9f3-0d451b8b79c6';
  const authError = verifyTc3(request);
  if (authError) {
    return {
      json: {
        Response: {
          Error: { Code: authError, Message: 'The provided credentials could not be validated.' },
          RequestId,
        },
      },
    };
  }
  if (request.headers['x-tc-action'] !== 'SendSms' || request.headers['x-tc-version'] !== '2021-01-11') {
    return { json: { Response: { Error: { Code: 'InvalidAction', Message: 'action' }, RequestId } } };
  }
  const body = JSON.parse(request.body) as { PhoneNumberSet: string[] };
  const phone = body.PhoneNumberSet[0];
  if (mode === 'limited') {
    return {
      json: {
        Response: {
          SendStatusSet: [
            {
              SerialNo: '',
              PhoneNumber: phone,
              Fee: 0,
              SessionContext: '',
              Code: 'LimitExceeded.PhoneNumberDailyLimit',
              Message: 'the number of SMS messages sent from a single mobile number every day exceeds the upper limit',
              IsoCode: 'CN',
            },
          ],
          RequestId,
        },
      },
    };
  }
  return {
    json: {
      Response: {
        SendStatusSet: [
          {
            SerialNo: '5000:1045710669157053657849499619',
            PhoneNumber: phone,
            Fee: 1,
            SessionContext: '',
            Code: 'Ok',
            Message: 'send success',
            IsoCode: 'CN',
          },
        ],
        RequestId,
      },
    },
  };
}

beforeAll(async () => {
  fake = await startFakeRemote(answer);
  config = {
    secretId,
    secretKey,
    sdkAppId: '1400006666',
    signName: '演示学校',
    templateId: '1234',
    region: 'ap-guangzhou',
    endpoint: fake.url,
  };
});
afterAll(async () => {
  await fake.close();
});

const lastBody = () => JSON.parse(fake.requests.at(-1)!.body) as Record<string, unknown>;

describe('Tencent Cloud SMS adapter (against a fake API 3.0 that verifies TC3 signatures)', () => {
  it('sends SendSms with the +86 number, app, sign, template and the code', async () => {
    mode = 'ok';
    await createTencentSms(config, new ManualClock()).send({
      tenantId: 1,
      phone: '13800138000',
      purpose: 'register',
      code: '987654',
    });
    const request = fake.requests.at(-1)!;
    expect(request.headers['x-tc-region']).toBe('ap-guangzhou');
    expect(lastBody()).toEqual({
      PhoneNumberSet: ['+8613800138000'],
      SmsSdkAppId: '1400006666',
      SignName: '演示学校',
      TemplateId: '1234',
      TemplateParamSet: ['987654'],
    });
  });

  it('signs with the UTC date of the timestamp (a request just after midnight UTC)', async () => {
    mode = 'ok';
    const clock = new ManualClock(new Date('2024-03-01T00:00:05Z'));
    await createTencentSms(config, clock).send({ tenantId: 1, phone: '13800138000', purpose: 'login', code: '111111' });
    expect(String(fake.requests.at(-1)!.headers.authorization)).toContain('/2024-03-01/sms/tc3_request');
  });

  it('fails with SmsSendError for a refused message, a wrong key, or no answer', async () => {
    mode = 'limited';
    const message = { tenantId: 1, phone: '13800138000', purpose: 'login' as const, code: '111111' };
    await expect(createTencentSms(config, new ManualClock()).send(message)).rejects.toThrow(SmsSendError);
    mode = 'ok';
    const wrongKey = await createTencentSms({ ...config, secretKey: 'wrong' }, new ManualClock())
      .send(message)
      .catch((e: unknown) => e);
    expect((wrongKey as SmsSendError).detail).toMatchObject({ code: 'AuthFailure.SignatureFailure' });
    await expect(
      createTencentSms({ ...config, endpoint: 'http://127.0.0.1:9' }, new ManualClock()).send(message),
    ).rejects.toThrow(SmsSendError);
  });
});

describe('the server with SMS_PROVIDER=tencent', () => {
  it('delivers a register code that signs up; a refused send answers 502 smsSendFailed', async () => {
    const t = await createTestApp({ smsProvider: 'tencent', tencentSms: config });
    try {
      mode = 'ok';
      expect((await t.app.inject({ url: '/api/users/sms/code?phone=13700137000&purpose=register' })).statusCode).toBe(
        200,
      );
      const code = (lastBody().TemplateParamSet as string[])[0];
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/register',
        payload: {
          nickname: 'Tencent',
          username: 'via_tencent',
          password: 'tencent123',
          confirmPassword: 'tencent123',
          phone: '13700137000',
          code,
        },
      });
      expect(res.statusCode).toBe(200);

      mode = 'limited';
      const failed = await t.app.inject({ url: '/api/users/sms/code?phone=13700137001&purpose=login' });
      expect(failed.statusCode).toBe(502);
      expect(failed.json().code).toBe('smsSendFailed');
    } finally {
      mode = 'ok';
      await t.close();
    }
  });
});
