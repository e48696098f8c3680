import { oauthLoginResultSchema } from '@school/contract/oauth';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { oauthIdentities, users } from '../../db/schema.js';
import { demoAccounts } from '../../demo-data/demo-accounts.js';
import { codeFor, inject, newAccount, wrongCode } from '../../testing/accounts.js';
import { startFakeWechat, type FakeWechat } from '../../testing/fake-wechat.js';
import { createTestApp, sessionCookieFrom, type TestApp } from '../../testing/test-app.js';
import { pendingOauthTtlMs } from './oauth.service.js';

let fake: FakeWechat;
let t: TestApp;
beforeAll(async () => {
  fake = await startFakeWechat();
  t = await createTestApp({
    wechat: { appId: fake.appId, appSecret: fake.appSecret, apiBase: fake.url },
  });
  await setWechat(true);
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

const tenDays = 10 * 24 * 60 * 60;

function setWechat(enable: boolean) {
  return t.app.inject({ method: 'PUT', url: '/api/dev/system-config', payload: { wechatOfficialConfig: { enable } } });
}

let serial = 0;
/** A WeChat user arriving with a fresh OAuth code. */
function wechatUser(openid = `o-openid-${++serial}`) {
  const code = `oauth-code-${++serial}`;
  fake.codes.set(code, { openid, unionid: `u-${openid}` });
  return { openid, code };
}

function wechatLogin(code: string, query = 'rememberMe=true', cookie?: string) {
  return t.app.inject({
    method: 'POST',
    url: `/api/oauth/wechat/login?${query}`,
    payload: { code },
    headers: cookie ? { cookie } : {},
  });
}

/** Starts the OAuth login of an unbound WeChat user; answers the pending cookie. */
async function pendingFor(openid?: string): Promise<{ cookie: string; openid: string }> {
  const user = wechatUser(openid);
  const res = await wechatLogin(user.code);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json()).toEqual({ status: 'BIND_REQUIRED' });
  const pending = res.cookies.find((c) => c.name === 'oauth_pending');
  expect(pending?.value).toBeTruthy();
  return { cookie: `oauth_pending=${pending!.value}`, openid: user.openid };
}

function bind(query: string, payload: object, cookie?: string, ip?: string) {
  return t.app.inject({
    method: 'POST',
    url: `/api/oauth/bind?${query}`,
    payload,
    headers: cookie ? { cookie } : {},
    ...(ip ? { remoteAddress: ip } : {}),
  });
}

let phoneSerial = 0;
const freshPhone = () => `1340000${String(++phoneSerial).padStart(4, '0')}`;

async function registerForm(overrides: Record<string, string> = {}) {
  const phone = overrides.phone ?? freshPhone();
  const code = await codeFor(t, phone, 'register', { ip: `10.3.0.${phoneSerial}` });
  return {
    nickname: '微信同学',
    username: `wx_member${phoneSerial}`,
    password: 'wechat123',
    confirmPassword: 'wechat123',
    phone,
    code,
    ...overrides,
  };
}

describe('POST /api/oauth/wechat/login', () => {
  it('keeps an unbound WeChat identity for 10 minutes behind an HttpOnly cookie, and logs nobody in', async () => {
    const user = wechatUser();
    const res = await wechatLogin(user.code);
    expect(oauthLoginResultSchema.parse(res.json())).toEqual({ status: 'BIND_REQUIRED' });
    const pending = res.cookies.find((c) => c.name === 'oauth_pending')!;
    expect(pending).toMatchObject({ httpOnly: true, path: '/api/oauth', sameSite: 'Lax', maxAge: 600 });
    expect(res.cookies.find((c) => c.name === 'sid')).toBeUndefined();
    expect(res.body).not.toContain(user.openid);
  });

  it('logs a bound WeChat user in at once, with the 10-day cookie', async () => {
    const { cookie } = await pendingFor('o-bound-later');
    const bound = await bind(
      'isBindExistingUser=true&rememberMe=true',
      { username: 'newbie', password: 'newbie123' },
      cookie,
    );
    expect(bound.statusCode, bound.body).toBe(200);
    const again = wechatUser('o-bound-later');
    const res = await wechatLogin(again.code);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'LOGGED_IN', user: { username: 'newbie', wechatBound: true } });
    expect(res.cookies.find((c) => c.name === 'sid')?.maxAge).toBe(tenDays);
    // Without the query the answer is the same: OAuth logins remember the learner (docs/product.md#session).
    const third = wechatUser('o-bound-later');
    expect((await wechatLogin(third.code, '')).cookies.find((c) => c.name === 'sid')?.maxAge).toBe(tenDays);
  });

  it('refuses a disabled account bound to the WeChat user (userDisabled)', async () => {
    const account = await newAccount(t);
    const { cookie, openid } = await pendingFor();
    await bind('isBindExistingUser=true', { username: account.username, password: account.password }, cookie);
    await t.db.update(users).set({ status: 'DISABLED' }).where(eq(users.id, account.id));
    const res = await wechatLogin(wechatUser(openid).code);
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('userDisabled');
  });

  it('answers badRequest to a code WeChat refuses and badGateway when WeChat is away', async () => {
    const refused = await wechatLogin('never-issued');
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: 'badRequest', field: 'code' });
    fake.down = true;
    try {
      const away = await wechatLogin(wechatUser().code);
      expect(away.statusCode).toBe(502);
      expect(away.json().code).toBe('badGateway');
    } finally {
      fake.down = false;
    }
  });

  it('refuses an empty code', async () => {
    const res = await wechatLogin('');
    expect(res.json()).toMatchObject({ code: 'validationFailed', field: 'code' });
  });
});

describe('POST /api/oauth/bind?isBindExistingUser=true', () => {
  it('binds the WeChat identity to the account after its password, logging in for 10 days', async () => {
    const account = await newAccount(t);
    const { cookie, openid } = await pendingFor();
    const res = await bind(
      'isBindExistingUser=true&rememberMe=true',
      { username: account.phone, password: account.password },
      cookie,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({ id: account.id, wechatBound: true });
    expect(res.cookies.find((c) => c.name === 'sid')?.maxAge).toBe(tenDays);
    expect(res.cookies.find((c) => c.name === 'oauth_pending')?.value).toBe('');
    const [identity] = await t.db.select().from(oauthIdentities).where(eq(oauthIdentities.openid, openid));
    expect(identity).toMatchObject({ userId: account.id, provider: 'wechat', unionid: `u-${openid}` });
    const me = await inject(t, { url: '/api/auth/current' }, { cookie: sessionCookieFrom(res) });
    expect(me.json().user.wechatBound).toBe(true);
  });

  it('answers badCredential alike for a wrong password and an unknown account, and keeps the identity waiting', async () => {
    const account = await newAccount(t);
    const { cookie } = await pendingFor();
    for (const payload of [
      { username: account.username, password: 'wrongpass1' },
      { username: 'nobody_at_all', password: 'wrongpass1' },
    ]) {
      const res = await bind('isBindExistingUser=true', payload, cookie);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ code: 'badCredential', message: 'Invalid login ID or password' });
    }
    expect(
      (await bind('isBindExistingUser=true', { username: account.username, password: account.password }, cookie))
        .statusCode,
    ).toBe(200);
  });

  it('refuses a disabled account with oauthPhoneAbnormal', async () => {
    const account = await newAccount(t);
    await t.db.update(users).set({ status: 'DISABLED' }).where(eq(users.id, account.id));
    const { cookie } = await pendingFor();
    const res = await bind(
      'isBindExistingUser=true',
      { username: account.username, password: account.password },
      cookie,
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      code: 'oauthPhoneAbnormal',
      message: 'This mobile phone account is abnormal and cannot be bound',
    });
  });

  it('refuses an account already bound to another WeChat (409 conflict)', async () => {
    const account = await newAccount(t);
    const first = await pendingFor();
    await bind('isBindExistingUser=true', { username: account.username, password: account.password }, first.cookie);
    const second = await pendingFor();
    const res = await bind(
      'isBindExistingUser=true',
      { username: account.username, password: account.password },
      second.cookie,
    );
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('conflict');
  });

  it('answers oauthUserNotFound without a waiting identity: none, used, or expired', async () => {
    const body = { username: demoAccounts.learner.username, password: demoAccounts.learner.password };
    const none = await bind('isBindExistingUser=true', body);
    expect(none.statusCode).toBe(404);
    expect(none.json()).toEqual({ code: 'oauthUserNotFound', message: 'User not found' });
    expect((await bind('isBindExistingUser=true', body, 'oauth_pending=forged-token')).json().code).toBe(
      'oauthUserNotFound',
    );

    const account = await newAccount(t);
    const used = await pendingFor();
    await bind('isBindExistingUser=true', { username: account.username, password: account.password }, used.cookie);
    expect((await bind('isBindExistingUser=true', body, used.cookie)).json().code).toBe('oauthUserNotFound');

    const late = await pendingFor();
    t.clock.advance(pendingOauthTtlMs);
    expect((await bind('isBindExistingUser=true', body, late.cookie)).json().code).toBe('oauthUserNotFound');
  });

  it('refuses a missing login id or password with the rules, and a missing isBindExistingUser', async () => {
    const { cookie } = await pendingFor();
    expect((await bind('isBindExistingUser=true', { password: 'x' }, cookie)).json()).toMatchObject({
      code: 'validationFailed',
      field: 'username',
      rule: 'rule.login.idRequired',
    });
    expect((await bind('isBindExistingUser=true', { username: 'learner' }, cookie)).json()).toMatchObject({
      field: 'password',
      rule: 'rule.password.required',
    });
    expect((await bind('rememberMe=true', { username: 'learner', password: 'x' }, cookie)).json()).toMatchObject({
      code: 'validationFailed',
      field: 'isBindExistingUser',
    });
  });
});

describe('POST /api/oauth/bind?isBindExistingUser=false (register)', () => {
  it('creates an account carrying the WeChat identity and logs it in for 10 days', async () => {
    const { cookie, openid } = await pendingFor();
    const form = await registerForm();
    const res = await bind('isBindExistingUser=false&rememberMe=true', form, cookie);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().user).toMatchObject({ username: form.username, nickname: '微信同学', wechatBound: true });
    expect(res.cookies.find((c) => c.name === 'sid')?.maxAge).toBe(tenDays);
    const next = await wechatLogin(wechatUser(openid).code);
    expect(next.json()).toMatchObject({ status: 'LOGGED_IN', user: { username: form.username } });
  });

  it('answers phoneBound for a phone of an active account, oauthPhoneAbnormal for a disabled one', async () => {
    const { cookie } = await pendingFor();
    const active = await bind(
      'isBindExistingUser=false',
      { ...(await registerForm()), phone: demoAccounts.learner.phone },
      cookie,
    );
    expect(active.statusCode).toBe(409);
    expect(active.json()).toMatchObject({ code: 'phoneBound', field: 'phone' });

    // The account behind the phone was disabled after the code went out.
    const form = await registerForm();
    const owner = await newAccount(t);
    await t.db.update(users).set({ phone: form.phone, status: 'DISABLED' }).where(eq(users.id, owner.id));
    const abnormal = await bind('isBindExistingUser=false', form, cookie);
    expect(abnormal.statusCode).toBe(400);
    expect(abnormal.json().code).toBe('oauthPhoneAbnormal');
  });

  it('answers usernameTaken, the SMS codes, and the validation rules', async () => {
    const { cookie } = await pendingFor();
    expect(
      (await bind('isBindExistingUser=false', await registerForm({ username: 'learner' }), cookie)).json(),
    ).toMatchObject({
      code: 'usernameTaken',
    });
    const form = await registerForm();
    expect((await bind('isBindExistingUser=false', { ...form, code: wrongCode(form.code) }, cookie)).json().code).toBe(
      'smsCodeWrong',
    );
    expect(
      (await bind('isBindExistingUser=false', { ...form, confirmPassword: 'other1234' }, cookie)).json(),
    ).toMatchObject({
      code: 'validationFailed',
      field: 'confirmPassword',
      rule: 'rule.password.mismatch',
    });
    expect((await bind('isBindExistingUser=false', { ...form, nickname: '' }, cookie)).json()).toMatchObject({
      field: 'nickname',
      rule: 'rule.nickname.required',
    });
    expect((await bind('isBindExistingUser=false', { ...form, username: '1' }, cookie)).json()).toMatchObject({
      field: 'username',
      rule: 'rule.username.length',
    });
  });

  it('answers oauthUserNotFound without a waiting identity', async () => {
    const res = await bind('isBindExistingUser=false', await registerForm());
    expect(res.json().code).toBe('oauthUserNotFound');
  });
});

describe('the official-account gate', () => {
  it('answers 403 forbidden while the school’s WeChat setting is off', async () => {
    await setWechat(false);
    try {
      const login = await wechatLogin(wechatUser().code);
      expect(login.statusCode).toBe(403);
      expect(login.json().code).toBe('forbidden');
      const bound = await bind('isBindExistingUser=true', { username: 'learner', password: 'learner123' });
      expect(bound.statusCode).toBe(403);
    } finally {
      await setWechat(true);
    }
  });

  it('answers 403 forbidden on a server without WeChat settings, even with the setting on', async () => {
    const bare = await createTestApp();
    try {
      await bare.app.inject({
        method: 'PUT',
        url: '/api/dev/system-config',
        payload: { wechatOfficialConfig: { enable: true } },
      });
      const res = await bare.app.inject({ method: 'POST', url: '/api/oauth/wechat/login', payload: { code: 'x' } });
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('forbidden');
    } finally {
      await bare.close();
    }
  });
});
