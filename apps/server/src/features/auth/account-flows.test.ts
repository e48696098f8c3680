import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeFor, inject, latestCode, sendCode } from '../../testing/accounts.js';
import { createTestApp, sessionCookieFrom, type TestApp } from '../../testing/test-app.js';
import { smsRules } from './sms-codes.service.js';

/*
 * A learner's whole account life through the API, as the web app drives it: sign up by SMS,
 * set the profile, log out, log in by password with remember-me, change username, mobile and
 * password, and log in by SMS code.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const tenDays = 10 * 24 * 60 * 60;

describe('a learner’s account, end to end', () => {
  it('register → profile → logout → login (remember-me) → username → mobile → password → SMS login', async () => {
    // Sign up: check the name and phone as the form does, get a code, register.
    const free = await inject(t, { url: '/api/register/check/username', query: { username: 'zhang.wei' } });
    expect(free.json()).toEqual({ available: true });
    expect((await inject(t, { url: '/api/register/check/phone', query: { phone: '13312345678' } })).json()).toEqual({
      available: true,
    });
    const registerCode = await codeFor(t, '13312345678', 'register');
    const registered = await inject(t, {
      method: 'POST',
      url: '/api/register',
      payload: {
        nickname: '张伟',
        username: 'zhang.wei',
        password: 'zhangwei1',
        confirmPassword: 'zhangwei1',
        phone: '13312345678',
        code: registerCode,
      },
    });
    expect(registered.statusCode).toBe(200);
    let cookie = sessionCookieFrom(registered);
    const id = registered.json().user.id as number;

    // Profile.
    const profile = await inject(
      t,
      {
        method: 'POST',
        url: `/api/users/${id}`,
        payload: { nickname: '张伟同学', gender: 'MALE', introduction: '前端学习中' },
      },
      { cookie },
    );
    expect(profile.json()).toMatchObject({ nickname: '张伟同学', gender: 'MALE', introduction: '前端学习中' });

    // Log out, then log in by password with remember-me: a 10-day cookie.
    expect((await inject(t, { method: 'POST', url: '/api/logout' }, { cookie })).statusCode).toBe(204);
    expect((await inject(t, { url: '/api/auth/current' }, { cookie })).json()).toEqual({ user: null });
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'username=zhang.wei&password=zhangwei1&rememberMe=true',
    });
    expect(login.statusCode).toBe(200);
    expect(login.cookies.find((c) => c.name === 'sid')?.maxAge).toBe(tenDays);
    cookie = sessionCookieFrom(login);
    t.clock.advance(9 * 24 * 60 * 60 * 1000);
    expect((await inject(t, { url: '/api/users/current' }, { cookie })).json().nickname).toBe('张伟同学');

    // Username: checked as typed (own name is free), then changed.
    expect(
      (await inject(t, { url: '/api/users/check/username', query: { username: 'zhang.wei' } }, { cookie })).json(),
    ).toEqual({
      available: true,
    });
    const renamed = await inject(
      t,
      { method: 'PUT', url: `/api/users/${id}/username`, payload: { username: '张伟_2024' } },
      { cookie },
    );
    expect(renamed.json().username).toBe('张伟_2024');

    // Mobile: a bindPhone code to the new number, then bind.
    const sent = await inject(
      t,
      { method: 'POST', url: '/api/users/send/bind/phone/code', payload: { phone: '13387654321' } },
      { cookie },
    );
    expect(sent.statusCode).toBe(200);
    // The resend countdown: a second send within 60 s is refused.
    expect((await sendCode(t, '13387654321', 'bindPhone', { cookie })).statusCode).toBe(429);
    const bindCode = await latestCode(t, '13387654321');
    const bound = await inject(
      t,
      { method: 'POST', url: '/api/users/bind/phone', payload: { phone: '13387654321', code: bindCode } },
      { cookie },
    );
    expect(bound.json().phone).toBe('133****4321');

    // Password: old + new pair.
    expect((await inject(t, { url: '/api/users/check/password' }, { cookie })).json()).toEqual({ hasPassword: true });
    const changed = await inject(
      t,
      {
        method: 'POST',
        url: '/api/users/password',
        payload: { oldPassword: 'zhangwei1', password: 'newpass2024', confirmPassword: 'newpass2024' },
      },
      { cookie },
    );
    expect(changed.statusCode).toBe(204);
    expect((await inject(t, { method: 'POST', url: '/api/logout' }, { cookie })).statusCode).toBe(204);

    // Everything new works: name + new password, new phone + new password, SMS code to the new phone.
    for (const username of ['张伟_2024', '13387654321']) {
      const res = await inject(t, {
        method: 'POST',
        url: '/api/login',
        payload: { username, password: 'newpass2024' },
      });
      expect(res.statusCode, username).toBe(200);
    }
    const oldName = await inject(t, {
      method: 'POST',
      url: '/api/login',
      payload: { username: 'zhang.wei', password: 'newpass2024' },
    });
    expect(oldName.json().code).toBe('badCredential');
    t.clock.advance(smsRules.resendMs);
    const loginCode = await codeFor(t, '13387654321', 'login');
    const smsLogin = await inject(t, {
      method: 'POST',
      url: '/api/login/sms',
      payload: { phone: '13387654321', code: loginCode },
    });
    expect(smsLogin.statusCode).toBe(200);
    expect(smsLogin.json().user).toMatchObject({
      id,
      username: '张伟_2024',
      nickname: '张伟同学',
      phone: '133****4321',
    });
  });
});
