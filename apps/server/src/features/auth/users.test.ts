import { userSchema } from '@school/contract/auth';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions, users } from '../../db/schema.js';
import { demoAccounts, secondSchoolHost } from '../../demo-data/demo-accounts.js';
import { codeFor, inject, loginCookie, newAccount, wrongCode, type As } from '../../testing/accounts.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { passwordGuessLimits } from './auth.service.js';
import { lookupRules } from './users.service.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

let ipCounter = 0;
const freshIp = () => `10.1.${Math.floor(++ipCounter / 250)}.${(ipCounter % 250) + 1}`;
let phoneCounter = 0;
const freshPhone = () => `1360000${String(++phoneCounter).padStart(4, '0')}`;

const get = (url: string, query: Record<string, string>, as: As = {}) =>
  inject(t, { url, query }, { ip: freshIp(), ...as });

describe('GET /api/users/check/id-no', () => {
  it.each([
    ['11010519491231002X', true],
    ['11010519491231002x', true],
    ['110105194912310021', false],
    ['110105194902300028', false],
    ['910105194912310021', false],
    ['1101051949123100', false],
  ])('%s → valid: %s', async (idNo, valid) => {
    const res = await get('/api/users/check/id-no', { idNo });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ valid });
  });

  it('refuses a missing number', async () => {
    const res = await get('/api/users/check/id-no', {});
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'validationFailed', field: 'idNo' });
  });
});

describe('GET /api/users/check/phone', () => {
  it('tells whether a phone is free to bind; the caller’s own phone counts as free', async () => {
    expect((await get('/api/users/check/phone', { phone: freshPhone() })).json()).toEqual({ available: true });
    expect((await get('/api/users/check/phone', { phone: demoAccounts.learner.phone })).json()).toEqual({
      available: false,
    });
    const cookie = await loginCookie(t, demoAccounts.learner);
    const own = await get('/api/users/check/phone', { phone: demoAccounts.learner.phone }, { cookie });
    expect(own.json()).toEqual({ available: true });
    expect(own.headers['cache-control']).toBe('no-store');
  });

  it('is scoped to the school', async () => {
    const res = await get('/api/users/check/phone', { phone: demoAccounts.learner.phone }, { host: secondSchoolHost });
    expect(res.json()).toEqual({ available: true });
  });

  it('refuses a malformed phone with the phone rule', async () => {
    const res = await get('/api/users/check/phone', { phone: '1380013800' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'validationFailed', field: 'phone', rule: 'rule.phone.invalid' });
  });

  it(`answers 429 past ${lookupRules.phone.limit} phone lookups from one address`, async () => {
    const ip = freshIp();
    for (let i = 0; i < lookupRules.phone.limit; i++) {
      expect((await get('/api/users/check/phone', { phone: freshPhone() }, { ip })).statusCode).toBe(200);
    }
    const refused = await get('/api/users/check/phone', { phone: freshPhone() }, { ip });
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
  });
});

describe('GET /api/users/check/username', () => {
  it('tells whether a name is free, ignoring case; the caller’s own name counts as free', async () => {
    expect((await get('/api/users/check/username', { username: 'brand_new.name' })).json()).toEqual({
      available: true,
    });
    expect((await get('/api/users/check/username', { username: 'learner' })).json()).toEqual({ available: false });
    expect((await get('/api/users/check/username', { username: 'LEARNER' })).json()).toEqual({ available: false });
    const cookie = await loginCookie(t, demoAccounts.learner);
    expect((await get('/api/users/check/username', { username: 'learner' }, { cookie })).json()).toEqual({
      available: true,
    });
    expect((await get('/api/users/check/username', { username: 'newbie' }, { cookie })).json()).toEqual({
      available: false,
    });
  });

  it.each([
    ['', 'rule.username.required'],
    ['a', 'rule.username.length'],
    ['a'.repeat(21), 'rule.username.length'],
    ['bad name', 'rule.username.chars'],
    ['_name', 'rule.username.edge'],
    ['name.', 'rule.username.edge'],
    ['13912345678', 'rule.username.phoneLike'],
  ])('refuses %j with %s', async (username, rule) => {
    const res = await get('/api/users/check/username', { username });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'validationFailed', field: 'username', rule });
  });

  it(`answers 429 past ${lookupRules.username.limit} checks from one address`, async () => {
    const ip = freshIp();
    for (let i = 0; i < lookupRules.username.limit; i++) {
      await get('/api/users/check/username', { username: `typing${i}` }, { ip });
    }
    expect((await get('/api/users/check/username', { username: 'typing' }, { ip })).statusCode).toBe(429);
  });
});

describe('GET /api/users/check/password', () => {
  it('answers whether the caller has a password', async () => {
    expect((await inject(t, { url: '/api/users/check/password' })).statusCode).toBe(401);
    const cookie = await loginCookie(t, demoAccounts.newbie);
    expect((await inject(t, { url: '/api/users/check/password' }, { cookie })).json()).toEqual({ hasPassword: true });
    const account = await newAccount(t);
    await t.db.update(users).set({ passwordHash: null }).where(eq(users.id, account.id));
    expect((await inject(t, { url: '/api/users/check/password' }, { cookie: account.cookie })).json()).toEqual({
      hasPassword: false,
    });
  });
});

describe('GET /api/users/{id}/check/password', () => {
  it('checks the caller’s own password', async () => {
    const account = await newAccount(t);
    const url = `/api/users/${account.id}/check/password`;
    expect(
      (await inject(t, { url, query: { password: account.password } }, { cookie: account.cookie })).json(),
    ).toEqual({
      valid: true,
    });
    expect((await inject(t, { url, query: { password: 'wrong-one1' } }, { cookie: account.cookie })).json()).toEqual({
      valid: false,
    });
  });

  it('answers 404 userNotFound for another user’s id, 401 without a session', async () => {
    const account = await newAccount(t);
    const learnerId = (
      await inject(t, { url: '/api/users/current' }, { cookie: await loginCookie(t, demoAccounts.learner) })
    ).json().id;
    const other = await inject(
      t,
      { url: `/api/users/${learnerId}/check/password`, query: { password: 'learner123' } },
      { cookie: account.cookie },
    );
    expect(other.statusCode).toBe(404);
    expect(other.json()).toEqual({ code: 'userNotFound', message: 'User not found' });
    expect(
      (await inject(t, { url: `/api/users/${account.id}/check/password`, query: { password: 'x' } })).statusCode,
    ).toBe(401);
  });

  it('refuses a missing password with the rule, and limits wrong guesses', async () => {
    const account = await newAccount(t);
    const url = `/api/users/${account.id}/check/password`;
    const missing = await inject(t, { url }, { cookie: account.cookie });
    expect(missing.json()).toMatchObject({
      code: 'validationFailed',
      field: 'password',
      rule: 'rule.password.required',
    });
    for (let i = 0; i < passwordGuessLimits.perAccount.free; i++) {
      await inject(t, { url, query: { password: `guess${i}` } }, { cookie: account.cookie });
    }
    const blocked = await inject(t, { url, query: { password: account.password } }, { cookie: account.cookie });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.headers['retry-after']).toBe('1');
    // The wait is short and the right password then passes (and starts the count over).
    t.clock.advance(passwordGuessLimits.perAccount.baseDelayMs);
    const passes = await inject(t, { url, query: { password: account.password } }, { cookie: account.cookie });
    expect(passes.json()).toEqual({ valid: true });
  });
});

describe('POST /api/users/{id} (profile)', () => {
  it('updates nickname, gender and introduction of the caller and answers the user', async () => {
    const account = await newAccount(t);
    const res = await inject(
      t,
      {
        method: 'POST',
        url: `/api/users/${account.id}`,
        payload: { nickname: '  小红  ', gender: 'FEMALE', introduction: '喜欢设计' },
      },
      { cookie: account.cookie },
    );
    expect(res.statusCode).toBe(200);
    expect(userSchema.parse(res.json())).toMatchObject({
      nickname: '小红',
      gender: 'FEMALE',
      introduction: '喜欢设计',
    });
    // Absent fields stay; null clears.
    const next = await inject(
      t,
      { method: 'POST', url: `/api/users/${account.id}`, payload: { nickname: '小红', introduction: null } },
      { cookie: account.cookie },
    );
    expect(next.json()).toMatchObject({ gender: 'FEMALE', introduction: '' });
  });

  it('requires a nickname (rule.nickname.required)', async () => {
    const account = await newAccount(t);
    for (const payload of [{}, { nickname: '   ' }]) {
      const res = await inject(
        t,
        { method: 'POST', url: `/api/users/${account.id}`, payload },
        { cookie: account.cookie },
      );
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'validationFailed', field: 'nickname', rule: 'rule.nickname.required' });
    }
  });

  it('refuses a bad gender, a too long introduction and an avatar that is not the learner’s upload', async () => {
    const account = await newAccount(t);
    const post = (payload: object) =>
      inject(t, { method: 'POST', url: `/api/users/${account.id}`, payload }, { cookie: account.cookie });
    expect((await post({ nickname: 'x', gender: 'OTHER' })).json()).toMatchObject({ field: 'gender' });
    expect((await post({ nickname: 'x', introduction: 'a'.repeat(301) })).json()).toMatchObject({
      field: 'introduction',
    });
    for (const avatar of [
      'https://evil.example/a.png',
      '/api/files/0123456789abcdef0123456789abcdef.png',
      'javascript:1',
    ]) {
      const res = await post({ nickname: 'x', avatar });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'validationFailed', field: 'avatar' });
    }
    expect((await post({ nickname: 'x', avatar: null })).json().avatar).toBeNull();
  });

  it('changes only the caller: another id is 404 userNotFound, no session is 401, a disabled one 403', async () => {
    const account = await newAccount(t);
    const other = await newAccount(t);
    const res = await inject(
      t,
      { method: 'POST', url: `/api/users/${other.id}`, payload: { nickname: 'hijacked' } },
      { cookie: account.cookie },
    );
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('userNotFound');
    const anonymous = await inject(t, { method: 'POST', url: `/api/users/${account.id}`, payload: { nickname: 'x' } });
    expect(anonymous.statusCode).toBe(401);
    await t.db.update(users).set({ status: 'DISABLED' }).where(eq(users.id, account.id));
    const disabled = await inject(
      t,
      { method: 'POST', url: `/api/users/${account.id}`, payload: { nickname: 'x' } },
      { cookie: account.cookie },
    );
    expect(disabled.statusCode).toBe(403);
    expect(disabled.json().code).toBe('userDisabled');
  });

  it('refuses an id that is not a number', async () => {
    const account = await newAccount(t);
    const res = await inject(
      t,
      { method: 'POST', url: '/api/users/abc', payload: { nickname: 'x' } },
      { cookie: account.cookie },
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'validationFailed', field: 'id' });
  });
});

describe('PUT /api/users/{id}/username', () => {
  const put = (account: { id: number; cookie: string }, username: unknown, id = account.id) =>
    inject(t, { method: 'PUT', url: `/api/users/${id}/username`, payload: { username } }, { cookie: account.cookie });

  it('changes the caller’s username; logging in uses the new one', async () => {
    const account = await newAccount(t);
    const res = await put(account, '新名字_2024');
    expect(res.statusCode).toBe(200);
    expect(res.json().username).toBe('新名字_2024');
    await loginCookie(t, { username: '新名字_2024', password: account.password });
  });

  it('answers 409 usernameTaken for a name in use, whatever its case', async () => {
    const account = await newAccount(t);
    for (const name of ['learner', 'Learner']) {
      const res = await put(account, name);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({
        code: 'usernameTaken',
        message: 'This name is already taken',
        field: 'username',
        rule: 'rule.username.taken',
      });
    }
  });

  it('lets the caller keep the name or change its case', async () => {
    const account = await newAccount(t);
    expect((await put(account, account.username)).statusCode).toBe(200);
    expect((await put(account, account.username.toUpperCase())).json().username).toBe(account.username.toUpperCase());
  });

  it.each([
    ['', 'rule.username.required'],
    ['a', 'rule.username.length'],
    ['张'.repeat(21), 'rule.username.length'],
    ['bad-name', 'rule.username.chars'],
    ['.name', 'rule.username.edge'],
    ['name_', 'rule.username.edge'],
    ['13800138000', 'rule.username.phoneLike'],
  ])('refuses %j with %s', async (username, rule) => {
    const account = await newAccount(t);
    const res = await put(account, username);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'validationFailed', field: 'username', rule });
  });

  it('answers 404 for another user’s id', async () => {
    const account = await newAccount(t);
    const other = await newAccount(t);
    expect((await put(account, 'stolen_name', other.id)).json().code).toBe('userNotFound');
  });
});

describe('POST /api/users/password (change)', () => {
  const change = (cookie: string, payload: object) =>
    inject(t, { method: 'POST', url: '/api/users/password', payload }, { cookie });

  it('changes the password with the old one, ending the other sessions but not this one', async () => {
    const account = await newAccount(t);
    const otherDevice = await loginCookie(t, account);
    const res = await change(account.cookie, {
      oldPassword: account.password,
      password: 'brandnew123',
      confirmPassword: 'brandnew123',
    });
    expect(res.statusCode).toBe(204);
    expect((await inject(t, { url: '/api/users/current' }, { cookie: account.cookie })).statusCode).toBe(200);
    expect((await inject(t, { url: '/api/users/current' }, { cookie: otherDevice })).statusCode).toBe(401);
    const old = await inject(t, {
      method: 'POST',
      url: '/api/login',
      payload: { username: account.username, password: account.password },
    });
    expect(old.json().code).toBe('badCredential');
    await loginCookie(t, { username: account.username, password: 'brandnew123' });
  });

  it('answers badCredential to a wrong old password, and 429 after repeated ones', async () => {
    const account = await newAccount(t);
    const wrong = await change(account.cookie, {
      oldPassword: 'nottheone1',
      password: 'brandnew123',
      confirmPassword: 'brandnew123',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ code: 'badCredential', field: 'oldPassword' });
    for (let i = 1; i < passwordGuessLimits.perAccount.free; i++) {
      await change(account.cookie, {
        oldPassword: `nottheone${i}`,
        password: 'brandnew123',
        confirmPassword: 'brandnew123',
      });
    }
    const blocked = await change(account.cookie, {
      oldPassword: account.password,
      password: 'brandnew123',
      confirmPassword: 'brandnew123',
    });
    expect(blocked.statusCode).toBe(429);
  });

  it('requires the old password when the account has one', async () => {
    const account = await newAccount(t);
    const res = await change(account.cookie, { password: 'brandnew123', confirmPassword: 'brandnew123' });
    expect(res.json()).toMatchObject({
      code: 'validationFailed',
      field: 'oldPassword',
      rule: 'rule.password.required',
    });
  });

  it('sets a first password without an old one for an account that has none', async () => {
    const account = await newAccount(t);
    await t.db.update(users).set({ passwordHash: null }).where(eq(users.id, account.id));
    expect((await change(account.cookie, { password: 'firstpass1', confirmPassword: 'firstpass1' })).statusCode).toBe(
      204,
    );
    await loginCookie(t, { username: account.username, password: 'firstpass1' });
  });

  it.each([
    [{ password: 'short1', confirmPassword: 'short1' }, 'password', 'rule.password.length'],
    [{ password: 'a1'.repeat(10) + 'b', confirmPassword: 'a1'.repeat(10) + 'b' }, 'password', 'rule.password.length'],
    [{ password: 'lettersonly', confirmPassword: 'lettersonly' }, 'password', 'rule.password.chars'],
    [{ password: '1234567890', confirmPassword: '1234567890' }, 'password', 'rule.password.chars'],
    [{ password: '', confirmPassword: '' }, 'password', 'rule.password.required'],
    [{ password: 'brandnew123' }, 'confirmPassword', 'rule.password.confirmRequired'],
    [{ password: 'brandnew123', confirmPassword: 'brandnew124' }, 'confirmPassword', 'rule.password.mismatch'],
  ])('refuses %j with %s %s', async (pair, field, rule) => {
    const account = await newAccount(t);
    const res = await change(account.cookie, { oldPassword: account.password, ...pair });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'validationFailed', field, rule });
  });

  it('needs a session', async () => {
    const res = await inject(t, {
      method: 'POST',
      url: '/api/users/password',
      payload: { password: 'brandnew123', confirmPassword: 'brandnew123' },
    });
    expect(res.statusCode).toBe(401);
  });
});

describe('POST /api/users/password/reset', () => {
  const reset = (payload: object) => inject(t, { method: 'POST', url: '/api/users/password/reset', payload });

  it('resets the password with a resetPassword code and ends every session', async () => {
    const account = await newAccount(t);
    const code = await codeFor(t, account.phone, 'resetPassword', { ip: freshIp() });
    const res = await reset({ phone: account.phone, code, password: 'resetpass9', confirmPassword: 'resetpass9' });
    expect(res.statusCode).toBe(204);
    expect((await inject(t, { url: '/api/users/current' }, { cookie: account.cookie })).statusCode).toBe(401);
    await loginCookie(t, { username: account.phone, password: 'resetpass9' });
    // The code is used up.
    const again = await reset({ phone: account.phone, code, password: 'resetpass8', confirmPassword: 'resetpass8' });
    expect(again.json().code).toBe('smsCodeNotSent');
  });

  it('answers smsCodeWrong to a wrong code and keeps the password', async () => {
    const account = await newAccount(t);
    const code = await codeFor(t, account.phone, 'resetPassword', { ip: freshIp() });
    const res = await reset({
      phone: account.phone,
      code: wrongCode(code),
      password: 'resetpass9',
      confirmPassword: 'resetpass9',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('smsCodeWrong');
    await loginCookie(t, account);
  });

  it('does not take a code sent for another purpose', async () => {
    const account = await newAccount(t);
    const code = await codeFor(t, account.phone, 'login', { ip: freshIp() });
    const res = await reset({ phone: account.phone, code, password: 'resetpass9', confirmPassword: 'resetpass9' });
    expect(res.json().code).toBe('smsCodeNotSent');
  });

  it('answers a phone without an account like one sent no code, userDisabled for a disabled one', async () => {
    const form = { code: '123456', password: 'resetpass9', confirmPassword: 'resetpass9' };
    const unknown = await reset({ phone: freshPhone(), ...form });
    const known = await reset({ phone: demoAccounts.learner.phone, ...form });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual(known.json());
    expect(unknown.json().code).toBe('smsCodeNotSent');
    const account = await newAccount(t);
    const code = await codeFor(t, account.phone, 'resetPassword', { ip: freshIp() });
    await t.db.update(users).set({ status: 'DISABLED' }).where(eq(users.id, account.id));
    const disabled = await reset({ phone: account.phone, code, password: 'resetpass9', confirmPassword: 'resetpass9' });
    expect(disabled.statusCode).toBe(403);
    expect(disabled.json().code).toBe('userDisabled');
  });

  it('applies the password rules', async () => {
    const res = await reset({ phone: freshPhone(), code: '123456', password: 'abc', confirmPassword: 'abc' });
    expect(res.json()).toMatchObject({ code: 'validationFailed', field: 'password', rule: 'rule.password.length' });
  });
});

describe('POST /api/users/bind/phone', () => {
  const bind = (cookie: string, payload: object) =>
    inject(t, { method: 'POST', url: '/api/users/bind/phone', payload }, { cookie });

  it('binds a new phone with its bindPhone code; the phone then logs in', async () => {
    const account = await newAccount(t);
    const phone = freshPhone();
    const code = await codeFor(t, phone, 'bindPhone', { cookie: account.cookie, ip: freshIp() });
    const res = await bind(account.cookie, { phone, code });
    expect(res.statusCode).toBe(200);
    expect(res.json().phone).toBe(`${phone.slice(0, 3)}****${phone.slice(-4)}`);
    await loginCookie(t, { username: phone, password: account.password });
    // The old number is free again.
    expect((await get('/api/users/check/phone', { phone: account.phone })).json()).toEqual({ available: true });
  });

  it('answers 409 phoneBound only to a code that reached the phone', async () => {
    const account = await newAccount(t);
    // No code: a bound number answers like a free one.
    const taken = await bind(account.cookie, { phone: demoAccounts.learner.phone, code: '123456' });
    const free = await bind(account.cookie, { phone: freshPhone(), code: '123456' });
    expect(taken.json()).toEqual(free.json());
    expect(taken.json().code).toBe('smsCodeNotSent');

    // The code reached a then-free number, which someone signs up with before it is used.
    const phone = freshPhone();
    const code = await codeFor(t, phone, 'bindPhone', { cookie: account.cookie, ip: freshIp() });
    const ip = freshIp();
    const signUp = await inject(
      t,
      {
        method: 'POST',
        url: '/api/register',
        payload: {
          nickname: 'taker',
          username: `taker${phone.slice(-4)}`,
          password: 'welcome123',
          confirmPassword: 'welcome123',
          phone,
          code: await codeFor(t, phone, 'register', { ip }),
        },
      },
      { ip },
    );
    expect(signUp.statusCode, signUp.body).toBe(200);
    const res = await bind(account.cookie, { phone, code });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'phoneBound', field: 'phone', rule: 'rule.phone.bound' });
  });

  it('answers the SMS codes to a wrong or missing code', async () => {
    const account = await newAccount(t);
    const phone = freshPhone();
    expect((await bind(account.cookie, { phone, code: '123456' })).json().code).toBe('smsCodeNotSent');
    const code = await codeFor(t, phone, 'bindPhone', { cookie: account.cookie, ip: freshIp() });
    expect((await bind(account.cookie, { phone, code: wrongCode(code) })).json().code).toBe('smsCodeWrong');
    expect((await bind(account.cookie, { phone, code: '12ab56' })).json()).toMatchObject({
      code: 'validationFailed',
      field: 'code',
      rule: 'rule.code.invalid',
    });
  });

  it('needs a session', async () => {
    expect(
      (
        await inject(t, {
          method: 'POST',
          url: '/api/users/bind/phone',
          payload: { phone: freshPhone(), code: '123456' },
        })
      ).statusCode,
    ).toBe(401);
  });
});

describe('GET /api/users/phone/{phone}', () => {
  it('says only whether an account uses the phone', async () => {
    const known = await get(`/api/users/phone/${demoAccounts.learner.phone}`, {});
    expect(known.statusCode).toBe(200);
    expect(known.json()).toEqual({ exists: true });
    expect((await get(`/api/users/phone/${freshPhone()}`, {})).json()).toEqual({ exists: false });
  });

  it('refuses a malformed phone, and answers 429 past the lookup limit', async () => {
    expect((await get('/api/users/phone/12345', {})).json()).toMatchObject({
      field: 'phone',
      rule: 'rule.phone.invalid',
    });
    const ip = freshIp();
    for (let i = 0; i < lookupRules.phone.limit; i++) await get(`/api/users/phone/${freshPhone()}`, {}, { ip });
    expect((await get(`/api/users/phone/${freshPhone()}`, {}, { ip })).statusCode).toBe(429);
  });
});

describe('GET /api/users/current and /api/auth/current for a new account', () => {
  it('answer the same user', async () => {
    const account = await newAccount(t);
    const current = await inject(t, { url: '/api/users/current' }, { cookie: account.cookie });
    const auth = await inject(t, { url: '/api/auth/current' }, { cookie: account.cookie });
    expect(auth.json()).toEqual({ user: current.json() });
    expect(current.json()).toMatchObject({ id: account.id, username: account.username, wechatBound: false });
  });
});

describe('sessions after a password reset', () => {
  it('removes every session row of the account', async () => {
    const account = await newAccount(t);
    await loginCookie(t, account);
    const code = await codeFor(t, account.phone, 'resetPassword', { ip: freshIp() });
    await inject(t, {
      method: 'POST',
      url: '/api/users/password/reset',
      payload: { phone: account.phone, code, password: 'resetpass7', confirmPassword: 'resetpass7' },
    });
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, account.id))).toHaveLength(0);
  });
});
