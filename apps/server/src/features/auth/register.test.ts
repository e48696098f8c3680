import { codeLoginResultSchema, resetTokenSchema } from '@school/contract/register';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { usernameSchema } from '@school/contract/validation';
import { users } from '../../db/schema.js';
import { demoAccounts } from '../../demo-data/demo-accounts.js';
import { codeFor, inject, loginCookie, newAccount, wrongCode, type As } from '../../testing/accounts.js';
import { createTestApp, sessionCookieFrom, type TestApp } from '../../testing/test-app.js';
import { resetTokenTtlMs } from './register.service.js';
import { smsRules } from './sms-codes.service.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

let ipCounter = 0;
const freshIp = () => `10.2.${Math.floor(++ipCounter / 250)}.${(ipCounter % 250) + 1}`;
let counter = 0;
const fresh = () => {
  counter += 1;
  const n = String(counter).padStart(4, '0');
  return { phone: `1350000${n}`, username: `newcomer${n}` };
};
const tenDays = 10 * 24 * 60 * 60;

async function registerForm(overrides: Record<string, unknown> = {}) {
  const { phone, username } = fresh();
  const code = await codeFor(t, phone, 'register', { ip: freshIp() });
  return {
    nickname: '新同学',
    username,
    password: 'welcome123',
    confirmPassword: 'welcome123',
    phone,
    code,
    ...overrides,
  };
}

const post = (url: string, payload: object, as: As = {}, query?: Record<string, string>) =>
  inject(t, { method: 'POST', url, payload, ...(query ? { query } : {}) }, { ip: freshIp(), ...as });

describe('POST /api/register', () => {
  it('creates the account, logs it in with a browser-session cookie and answers the user', async () => {
    const form = await registerForm();
    const res = await post('/api/register', form);
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({
      username: form.username,
      nickname: '新同学',
      phone: `${form.phone.slice(0, 3)}****${form.phone.slice(-4)}`,
      wechatBound: false,
    });
    const sid = res.cookies.find((c) => c.name === 'sid');
    expect(sid?.maxAge).toBeUndefined();
    const cookie = sessionCookieFrom(res);
    expect((await inject(t, { url: '/api/users/current' }, { cookie })).json().username).toBe(form.username);
    await loginCookie(t, { username: form.username, password: 'welcome123' });
    await loginCookie(t, { username: form.phone, password: 'welcome123' });
  });

  it('with rememberMe=true sets the 10-day cookie', async () => {
    const res = await post('/api/register', await registerForm(), {}, { rememberMe: 'true' });
    expect(res.cookies.find((c) => c.name === 'sid')?.maxAge).toBe(tenDays);
  });

  it('answers 409 usernameTaken, and 409 phoneBound only to a code that reached the phone', async () => {
    const taken = await post('/api/register', await registerForm({ username: 'LEARNER' }));
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ code: 'usernameTaken', field: 'username', rule: 'rule.username.taken' });

    // Without a code of its own, a bound phone answers exactly like a free one.
    const boundPhone = await post('/api/register', await registerForm({ phone: demoAccounts.learner.phone }));
    const freePhone = await post('/api/register', await registerForm({ phone: fresh().phone }));
    expect(boundPhone.statusCode).toBe(400);
    expect(boundPhone.json()).toEqual(freePhone.json());

    // A code sent while the number was free; another account binds it before the form is sent.
    const form = await registerForm();
    const other = await newAccount(t);
    const bindCode = await codeFor(t, form.phone, 'bindPhone', { cookie: other.cookie, ip: freshIp() });
    const bind = await inject(
      t,
      { method: 'POST', url: '/api/users/bind/phone', payload: { phone: form.phone, code: bindCode } },
      { cookie: other.cookie },
    );
    expect(bind.statusCode, bind.body).toBe(200);
    const bound = await post('/api/register', form);
    expect(bound.statusCode).toBe(409);
    expect(bound.json()).toMatchObject({ code: 'phoneBound', field: 'phone', rule: 'rule.phone.bound' });
  });

  it.each([
    [{ nickname: '' }, 'nickname', 'rule.nickname.required'],
    [{ username: '' }, 'username', 'rule.username.required'],
    [{ username: 'x' }, 'username', 'rule.username.length'],
    [{ username: 'no spaces' }, 'username', 'rule.username.chars'],
    [{ username: '_edge' }, 'username', 'rule.username.edge'],
    [{ username: '13512345678' }, 'username', 'rule.username.phoneLike'],
    [{ password: '', confirmPassword: '' }, 'password', 'rule.password.required'],
    [{ password: 'abc12', confirmPassword: 'abc12' }, 'password', 'rule.password.length'],
    [{ password: 'abcdefghij', confirmPassword: 'abcdefghij' }, 'password', 'rule.password.chars'],
    [{ confirmPassword: '' }, 'confirmPassword', 'rule.password.confirmRequired'],
    [{ confirmPassword: 'welcome124' }, 'confirmPassword', 'rule.password.mismatch'],
    [{ phone: '' }, 'phone', 'rule.phone.required'],
    [{ phone: '12800138000' }, 'phone', 'rule.phone.invalid'],
    [{ code: '12345' }, 'code', 'rule.code.invalid'],
  ])('refuses %j with %s %s', async (change, field, rule) => {
    const res = await post('/api/register', await registerForm(change));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'validationFailed', field, rule });
    expect(res.headers['set-cookie']).toBeUndefined();
  });

  it('answers the SMS codes: wrong, another purpose’s, expired', async () => {
    const form = await registerForm();
    expect((await post('/api/register', { ...form, code: wrongCode(form.code) })).json().code).toBe('smsCodeWrong');

    const { phone, username } = fresh();
    const loginCode = await codeFor(t, phone, 'login', { ip: freshIp() });
    const other = await post('/api/register', { ...form, phone, username, code: loginCode });
    expect(other.json().code).toBe('smsCodeNotSent');

    const late = await registerForm();
    t.clock.advance(smsRules.ttlMs);
    const expired = await post('/api/register', late);
    expect(expired.statusCode).toBe(400);
    expect(expired.json().code).toBe('smsCodeExpired');
  });

  it('replaces the session the browser had', async () => {
    const before = await loginCookie(t, demoAccounts.newbie);
    const res = await post('/api/register', await registerForm(), { cookie: before });
    expect(res.statusCode).toBe(200);
    expect((await inject(t, { url: '/api/users/current' }, { cookie: before })).statusCode).toBe(401);
  });
});

describe('GET /api/register/check/username and /check/phone', () => {
  it('tell what is free, counting nothing as the caller’s own', async () => {
    const cookie = await loginCookie(t, demoAccounts.learner);
    const as = { cookie, ip: freshIp() };
    expect(
      (await inject(t, { url: '/api/register/check/username', query: { username: 'learner' } }, as)).json(),
    ).toEqual({
      available: false,
    });
    expect(
      (await inject(t, { url: '/api/register/check/username', query: { username: 'free_name' } }, as)).json(),
    ).toEqual({
      available: true,
    });
    expect(
      (await inject(t, { url: '/api/register/check/phone', query: { phone: demoAccounts.learner.phone } }, as)).json(),
    ).toEqual({ available: false });
    expect((await inject(t, { url: '/api/register/check/phone', query: { phone: fresh().phone } }, as)).json()).toEqual(
      {
        available: true,
      },
    );
  });

  it('refuse a value breaking a rule', async () => {
    const name = await inject(t, { url: '/api/register/check/username', query: { username: 'a.' } }, { ip: freshIp() });
    expect(name.json()).toMatchObject({ code: 'validationFailed', field: 'username', rule: 'rule.username.edge' });
    const phone = await inject(
      t,
      { url: '/api/register/check/phone', query: { phone: '+8613800138000' } },
      { ip: freshIp() },
    );
    expect(phone.json()).toMatchObject({ code: 'validationFailed', field: 'phone', rule: 'rule.phone.invalid' });
  });
});

describe('POST /api/register/code/verify (phone quick login that also signs up)', () => {
  it('logs in the account of a known phone', async () => {
    const code = await codeFor(t, demoAccounts.learner.phone, 'login', { ip: freshIp() });
    const res = await post('/api/register/code/verify', { phone: demoAccounts.learner.phone, code });
    expect(res.statusCode).toBe(200);
    const body = codeLoginResultSchema.parse(res.json());
    expect(body.created).toBe(false);
    expect(body.user.username).toBe('learner');
    expect(res.cookies.find((c) => c.name === 'sid')?.maxAge).toBeUndefined();
    t.clock.advance(smsRules.resendMs);
  });

  it('creates a password-less account for a new phone, with rememberMe=true for 10 days', async () => {
    const { phone } = fresh();
    const code = await codeFor(t, phone, 'login', { ip: freshIp() });
    const res = await post('/api/register/code/verify', { phone, code }, {}, { rememberMe: 'true' });
    expect(res.statusCode).toBe(200);
    const body = codeLoginResultSchema.parse(res.json());
    expect(body.created).toBe(true);
    expect(usernameSchema.safeParse(body.user.username).success).toBe(true);
    expect(body.user.nickname).toBe(`${phone.slice(0, 3)}****${phone.slice(-4)}`);
    expect(res.cookies.find((c) => c.name === 'sid')?.maxAge).toBe(tenDays);
    const cookie = sessionCookieFrom(res);
    expect((await inject(t, { url: '/api/users/check/password' }, { cookie })).json()).toEqual({ hasPassword: false });
  });

  it('refuses a disabled account, a wrong code and a malformed phone', async () => {
    const account = await newAccount(t);
    const code = await codeFor(t, account.phone, 'login', { ip: freshIp() });
    expect((await post('/api/register/code/verify', { phone: account.phone, code: wrongCode(code) })).json().code).toBe(
      'smsCodeWrong',
    );
    await t.db.update(users).set({ status: 'DISABLED' }).where(eq(users.id, account.id));
    const disabled = await post('/api/register/code/verify', { phone: account.phone, code });
    expect(disabled.statusCode).toBe(403);
    expect(disabled.json().code).toBe('userDisabled');
    expect((await post('/api/register/code/verify', { phone: 'abc', code })).json()).toMatchObject({
      field: 'phone',
      rule: 'rule.phone.invalid',
    });
  });
});

describe('POST /api/login/sms', () => {
  it('logs in an existing account by phone and code, with remember-me', async () => {
    const account = await newAccount(t);
    const code = await codeFor(t, account.phone, 'login', { ip: freshIp() });
    const res = await post('/api/login/sms', { phone: account.phone, code, rememberMe: true });
    expect(res.statusCode).toBe(200);
    expect(res.json().user.id).toBe(account.id);
    expect(res.cookies.find((c) => c.name === 'sid')?.maxAge).toBe(tenDays);
  });

  it('takes form-urlencoded bodies like the password login', async () => {
    const account = await newAccount(t);
    const code = await codeFor(t, account.phone, 'login', { ip: freshIp() });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/login/sms',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ phone: account.phone, code }).toString(),
    });
    expect(res.statusCode).toBe(200);
    expect(res.cookies.find((c) => c.name === 'sid')?.maxAge).toBeUndefined();
  });

  it('answers userNotFound for a phone without an account and leaves the code for signing up', async () => {
    const { phone } = fresh();
    const code = await codeFor(t, phone, 'login', { ip: freshIp() });
    const res = await post('/api/login/sms', { phone, code });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('userNotFound');
    expect(res.headers['set-cookie']).toBeUndefined();
    const signUp = await post('/api/register/code/verify', { phone, code });
    expect(signUp.json().created).toBe(true);
  });

  it('refuses a disabled account and the validation rules', async () => {
    const account = await newAccount(t);
    const code = await codeFor(t, account.phone, 'login', { ip: freshIp() });
    await t.db.update(users).set({ status: 'DISABLED' }).where(eq(users.id, account.id));
    expect((await post('/api/login/sms', { phone: account.phone, code })).json().code).toBe('userDisabled');
    expect((await post('/api/login/sms', { phone: account.phone })).json()).toMatchObject({
      field: 'code',
      rule: 'rule.code.invalid',
    });
    expect((await post('/api/login/sms', { code })).json()).toMatchObject({
      field: 'phone',
      rule: 'rule.phone.required',
    });
  });
});

describe('two-step password reset: POST /api/register/verify_token then /api/register/reset_token', () => {
  it('exchanges a resetPassword code for a token, then sets the password once with it', async () => {
    const account = await newAccount(t);
    const code = await codeFor(t, account.phone, 'resetPassword', { ip: freshIp() });
    const issued = await post('/api/register/verify_token', { phone: account.phone, code });
    expect(issued.statusCode).toBe(200);
    const { resetToken, expiresInSeconds } = resetTokenSchema.parse(issued.json());
    expect(expiresInSeconds).toBe(resetTokenTtlMs / 1000);

    const reset = await post('/api/register/reset_token', {
      resetToken,
      password: 'tokenpass1',
      confirmPassword: 'tokenpass1',
    });
    expect(reset.statusCode).toBe(204);
    expect((await inject(t, { url: '/api/users/current' }, { cookie: account.cookie })).statusCode).toBe(401);
    await loginCookie(t, { username: account.username, password: 'tokenpass1' });

    const again = await post('/api/register/reset_token', {
      resetToken,
      password: 'tokenpass2',
      confirmPassword: 'tokenpass2',
    });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ code: 'smsCodeExpired', field: 'resetToken' });
  });

  it('lets a token expire after 15 minutes, and refuses made-up ones', async () => {
    const account = await newAccount(t);
    const code = await codeFor(t, account.phone, 'resetPassword', { ip: freshIp() });
    const { resetToken } = resetTokenSchema.parse(
      (await post('/api/register/verify_token', { phone: account.phone, code })).json(),
    );
    t.clock.advance(resetTokenTtlMs);
    const late = await post('/api/register/reset_token', {
      resetToken,
      password: 'tokenpass1',
      confirmPassword: 'tokenpass1',
    });
    expect(late.json().code).toBe('smsCodeExpired');
    const invented = await post('/api/register/reset_token', {
      resetToken: 'x'.repeat(43),
      password: 'tokenpass1',
      confirmPassword: 'tokenpass1',
    });
    expect(invented.json().code).toBe('smsCodeExpired');
  });

  it('refuses an unknown phone, a wrong code and mismatched passwords', async () => {
    // An unknown phone answers like a known one that was sent no code: nothing tells them apart.
    const unknown = await post('/api/register/verify_token', { phone: fresh().phone, code: '123456' });
    const known = await post('/api/register/verify_token', { phone: demoAccounts.learner.phone, code: '123456' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual(known.json());
    expect(unknown.json().code).toBe('smsCodeNotSent');
    const account = await newAccount(t);
    const code = await codeFor(t, account.phone, 'resetPassword', { ip: freshIp() });
    expect(
      (await post('/api/register/verify_token', { phone: account.phone, code: wrongCode(code) })).json().code,
    ).toBe('smsCodeWrong');
    const mismatch = await post('/api/register/reset_token', {
      resetToken: 'abc',
      password: 'tokenpass1',
      confirmPassword: 'tokenpass2',
    });
    expect(mismatch.json()).toMatchObject({ field: 'confirmPassword', rule: 'rule.password.mismatch' });
  });
});
