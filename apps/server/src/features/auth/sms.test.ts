import { smsCodeSentSchema } from '@school/contract/sms';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { smsCodes } from '../../db/schema.js';
import { demoAccounts, secondSchoolHost } from '../../demo-data/demo-accounts.js';
import { codeFor, inject, latestCode, loginCookie, sendCode, wrongCode } from '../../testing/accounts.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { smsRules } from './sms-codes.service.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const second = 1000;
const learnerPhone = demoAccounts.learner.phone;
let phoneCounter = 0;
/** A phone nobody has used in this file (per-phone limits stay apart). */
const freshPhone = () => `1390000${String(++phoneCounter).padStart(4, '0')}`;
let ipCounter = 0;
const freshIp = () => `10.0.${Math.floor(++ipCounter / 250)}.${(ipCounter % 250) + 1}`;

function verify(phone: string, purpose: string, code: string) {
  return inject(t, { method: 'POST', url: '/api/users/verify/code', payload: { phone, purpose, code } });
}

function smsLogin(phone: string, code: string) {
  return inject(t, { method: 'POST', url: '/api/login/sms', payload: { phone, code } });
}

describe('GET /api/users/sms/code', () => {
  it('sends a 6-digit code, says when to offer a resend, and is never cached', async () => {
    const phone = freshPhone();
    const res = await sendCode(t, phone, 'login');
    expect(res.statusCode).toBe(200);
    expect(smsCodeSentSchema.parse(res.json())).toEqual({ resendAfterSeconds: 60, expiresInSeconds: 600 });
    expect(res.headers['cache-control']).toBe('no-store');
    expect(await latestCode(t, phone)).toMatch(/^\d{6}$/);
  });

  it('keeps only a keyed hash of the code', async () => {
    const phone = freshPhone();
    const code = await codeFor(t, phone, 'login');
    const rows = await t.db.select().from(smsCodes).where(eq(smsCodes.phone, phone));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.codeHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(rows)).not.toContain(code);
    expect(rows[0]!.expiresAt.getTime() - t.clock.now().getTime()).toBe(smsRules.ttlMs);
  });

  it.each([
    [{ phone: '12345', purpose: 'login' }, 'phone', 'rule.phone.invalid'],
    [{ phone: '', purpose: 'login' }, 'phone', 'rule.phone.required'],
    [{ purpose: 'login' }, 'phone', 'rule.phone.required'],
  ])('refuses %j with the phone rule', async (query, field, rule) => {
    const res = await inject(t, { url: '/api/users/sms/code', query: query as Record<string, string> });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'validationFailed', field, rule });
  });

  it('refuses an unknown purpose', async () => {
    const res = await sendCode(t, freshPhone(), 'shopping' as 'login');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'validationFailed', field: 'purpose' });
  });

  it('does not send a register code to a phone that has an account (phoneBound)', async () => {
    const res = await sendCode(t, learnerPhone, 'register');
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      code: 'phoneBound',
      message: 'This phone number is already bound to another account',
      field: 'phone',
      rule: 'rule.phone.bound',
    });
  });

  it('does not send a reset code to a phone without an account (userNotFound)', async () => {
    const res = await sendCode(t, freshPhone(), 'resetPassword');
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('userNotFound');
  });

  it('sends a bindPhone code only to a signed-in learner, and not for a phone bound to someone else', async () => {
    const phone = freshPhone();
    expect((await sendCode(t, phone, 'bindPhone')).statusCode).toBe(401);
    const cookie = await loginCookie(t, demoAccounts.newbie);
    expect((await sendCode(t, phone, 'bindPhone', { cookie })).statusCode).toBe(200);
    const taken = await sendCode(t, learnerPhone, 'bindPhone', { cookie });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().code).toBe('phoneBound');
  });

  it('passes without a captcha header while the captcha provider is none', async () => {
    const res = await sendCode(t, freshPhone(), 'login', { headers: { 'x-captcha-token': 'anything' } });
    expect(res.statusCode).toBe(200);
  });
});

describe('POST /api/users/send/bind/phone/code', () => {
  it('sends a bindPhone code to the signed-in learner', async () => {
    const phone = freshPhone();
    const anonymous = await inject(t, { method: 'POST', url: '/api/users/send/bind/phone/code', payload: { phone } });
    expect(anonymous.statusCode).toBe(401);
    const cookie = await loginCookie(t, demoAccounts.newbie);
    const res = await inject(
      t,
      { method: 'POST', url: '/api/users/send/bind/phone/code', payload: { phone } },
      { cookie },
    );
    expect(res.statusCode).toBe(200);
    const code = await latestCode(t, phone);
    expect((await verify(phone, 'bindPhone', code)).statusCode).toBe(204);
  });

  it('refuses a phone bound to another account, and a malformed one', async () => {
    const cookie = await loginCookie(t, demoAccounts.newbie);
    const bound = await inject(
      t,
      { method: 'POST', url: '/api/users/send/bind/phone/code', payload: { phone: learnerPhone } },
      { cookie },
    );
    expect(bound.json().code).toBe('phoneBound');
    const bad = await inject(
      t,
      { method: 'POST', url: '/api/users/send/bind/phone/code', payload: { phone: 'x' } },
      { cookie },
    );
    expect(bad.json()).toMatchObject({ code: 'validationFailed', field: 'phone', rule: 'rule.phone.invalid' });
  });
});

describe('send limits', () => {
  it('answers 429 with Retry-After to a resend within 60 s, per phone and purpose', async () => {
    const phone = freshPhone();
    expect((await sendCode(t, phone, 'login')).statusCode).toBe(200);
    t.clock.advance(30 * second);
    const again = await sendCode(t, phone, 'login');
    expect(again.statusCode).toBe(429);
    expect(again.json()).toEqual({ code: 'tooManyRequests', message: 'Too many requests, please try again later' });
    expect(Number(again.headers['retry-after'])).toBe(30);
    // Another purpose has its own countdown.
    expect(
      (await sendCode(t, phone, 'bindPhone', { cookie: await loginCookie(t, demoAccounts.newbie) })).statusCode,
    ).toBe(200);
    t.clock.advance(30 * second);
    expect((await sendCode(t, phone, 'login')).statusCode).toBe(200);
  });

  it(`sends at most ${smsRules.perPhonePerDay} codes a day to one phone`, async () => {
    const phone = freshPhone();
    for (let i = 0; i < smsRules.perPhonePerDay; i++) {
      expect((await sendCode(t, phone, 'login', { ip: freshIp() })).statusCode).toBe(200);
      t.clock.advance(smsRules.resendMs);
    }
    const refused = await sendCode(t, phone, 'login', { ip: freshIp() });
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    t.clock.advance(24 * 60 * 60 * second);
    expect((await sendCode(t, phone, 'login', { ip: freshIp() })).statusCode).toBe(200);
  });

  it(`sends at most ${smsRules.perIpPerHour} codes an hour for one client address`, async () => {
    const ip = freshIp();
    for (let i = 0; i < smsRules.perIpPerHour; i++) {
      expect((await sendCode(t, freshPhone(), 'login', { ip })).statusCode).toBe(200);
    }
    expect((await sendCode(t, freshPhone(), 'login', { ip })).statusCode).toBe(429);
    expect((await sendCode(t, freshPhone(), 'login', { ip: freshIp() })).statusCode).toBe(200);
    t.clock.advance(60 * 60 * second);
    expect((await sendCode(t, freshPhone(), 'login', { ip })).statusCode).toBe(200);
  });

  it('counts the refusals that tell whether a phone has an account against the same limit', async () => {
    // Probing which phones are registered (409 phoneBound) or not (404 userNotFound) from one
    // address is limited like sending codes: the answer comes after the count.
    const ip = freshIp();
    for (let i = 0; i < smsRules.perIpPerHour; i++) {
      const probe =
        i % 2 === 0
          ? await sendCode(t, learnerPhone, 'register', { ip })
          : await sendCode(t, freshPhone(), 'resetPassword', { ip });
      expect(probe.statusCode, `probe ${i + 1}`).toBe(i % 2 === 0 ? 409 : 404);
    }
    const stopped = await sendCode(t, learnerPhone, 'register', { ip });
    expect(stopped.statusCode).toBe(429);
    expect((await sendCode(t, freshPhone(), 'resetPassword', { ip })).statusCode).toBe(429);
  });
});

describe('POST /api/users/verify/code', () => {
  it('accepts the right code without using it up', async () => {
    const code = await codeFor(t, learnerPhone, 'login', { ip: freshIp() });
    expect((await verify(learnerPhone, 'login', code)).statusCode).toBe(204);
    expect((await verify(learnerPhone, 'login', code)).statusCode).toBe(204);
    expect((await smsLogin(learnerPhone, code)).statusCode).toBe(200);
    t.clock.advance(smsRules.resendMs);
  });

  it('answers smsCodeWrong to a wrong code', async () => {
    const phone = freshPhone();
    const code = await codeFor(t, phone, 'login');
    const res = await verify(phone, 'login', wrongCode(code));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 'smsCodeWrong', message: 'Wrong verification code', field: 'code' });
  });

  it('answers smsCodeNotSent when no code was sent, or only for another purpose', async () => {
    const phone = freshPhone();
    expect((await verify(phone, 'login', '123456')).json().code).toBe('smsCodeNotSent');
    const code = await codeFor(t, phone, 'login');
    const other = await verify(phone, 'register', code);
    expect(other.statusCode).toBe(400);
    expect(other.json()).toMatchObject({
      code: 'smsCodeNotSent',
      message: 'The verification code was not sent or has expired',
    });
  });

  it('answers smsCodeExpired after 10 minutes', async () => {
    const phone = freshPhone();
    const code = await codeFor(t, phone, 'login');
    t.clock.advance(smsRules.ttlMs - second);
    expect((await verify(phone, 'login', code)).statusCode).toBe(204);
    t.clock.advance(second);
    const res = await verify(phone, 'login', code);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'smsCodeExpired', message: 'The verification code has expired' });
  });

  it(`kills a code after ${smsRules.maxWrongTries} wrong tries, even for the right code after`, async () => {
    const phone = freshPhone();
    const code = await codeFor(t, phone, 'login');
    for (let i = 0; i < smsRules.maxWrongTries; i++) {
      expect((await verify(phone, 'login', wrongCode(code))).json().code).toBe('smsCodeWrong');
    }
    expect((await verify(phone, 'login', code)).json().code).toBe('smsCodeNotSent');
    // A new code starts afresh.
    t.clock.advance(smsRules.resendMs);
    const next = await codeFor(t, phone, 'login');
    expect((await verify(phone, 'login', next)).statusCode).toBe(204);
  });

  it('does not let a right check refill the tries spent on wrong ones', async () => {
    const phone = freshPhone();
    const code = await codeFor(t, phone, 'login');
    for (let i = 0; i < smsRules.maxWrongTries - 1; i++) await verify(phone, 'login', wrongCode(code));
    expect((await verify(phone, 'login', code)).statusCode).toBe(204);
    expect((await verify(phone, 'login', wrongCode(code))).json().code).toBe('smsCodeWrong');
    expect((await verify(phone, 'login', code)).json().code).toBe('smsCodeNotSent');
  });

  it('keeps only the latest code of a phone and purpose alive', async () => {
    const code1 = await codeFor(t, learnerPhone, 'login', { ip: freshIp() });
    t.clock.advance(smsRules.resendMs);
    const code2 = await codeFor(t, learnerPhone, 'login', { ip: freshIp() });
    if (code1 !== code2) expect((await verify(learnerPhone, 'login', code1)).json().code).toBe('smsCodeWrong');
    expect((await smsLogin(learnerPhone, code2)).statusCode).toBe(200);
    t.clock.advance(smsRules.resendMs);
  });

  it('lets a code be used once', async () => {
    const code = await codeFor(t, learnerPhone, 'login', { ip: freshIp() });
    expect((await smsLogin(learnerPhone, code)).statusCode).toBe(200);
    const again = await smsLogin(learnerPhone, code);
    expect(again.statusCode).toBe(400);
    expect(again.json().code).toBe('smsCodeNotSent');
    t.clock.advance(smsRules.resendMs);
  });

  it('refuses a code that is not 6 digits with the code rule', async () => {
    const res = await verify(freshPhone(), 'login', '12345');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'validationFailed', field: 'code', rule: 'rule.code.invalid' });
  });
});

describe('GET /api/dev/sms/latest', () => {
  it('answers 404 for a phone that got nothing, and keeps schools apart', async () => {
    const phone = freshPhone();
    const none = await inject(t, { url: '/api/dev/sms/latest', query: { phone } });
    expect(none.statusCode).toBe(404);
    expect(none.json().code).toBe('notFound');
    await codeFor(t, phone, 'login');
    const elsewhere = await inject(t, { url: '/api/dev/sms/latest', query: { phone } }, { host: secondSchoolHost });
    expect(elsewhere.statusCode).toBe(404);
  });

  it('does not exist with another SMS provider', async () => {
    const other = await createTestApp({
      smsProvider: 'aliyun',
      aliyunSms: {
        accessKeyId: 'id',
        accessKeySecret: 'secret',
        signName: 'sign',
        templateCode: 'SMS_1',
        endpoint: 'http://127.0.0.1:9',
        regionId: 'cn-hangzhou',
      },
    });
    try {
      const res = await other.app.inject({ url: '/api/dev/sms/latest?phone=13800138000' });
      expect(res.statusCode).toBe(404);
      // The route is absent, not merely empty: the same answer for any query.
      expect((await other.app.inject({ url: '/api/dev/sms/latest' })).statusCode).toBe(404);
    } finally {
      await other.close();
    }
  });
});
