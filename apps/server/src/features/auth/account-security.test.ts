import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailLinks, oauthIdentities, users } from '../../db/schema.js';
import { inject, newAccount, type TestAccount } from '../../testing/accounts.js';
import { startFakeWechat, type FakeWechat } from '../../testing/fake-wechat.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { emailConfirmPath, emailLinkRules } from './account-security.service.js';

let fake: FakeWechat;
let t: TestApp;
beforeAll(async () => {
  fake = await startFakeWechat();
  t = await createTestApp({ wechat: { appId: fake.appId, appSecret: fake.appSecret, apiBase: fake.url } });
  await setWechat(true);
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

function setWechat(enable: boolean) {
  return t.app.inject({ method: 'PUT', url: '/api/dev/system-config', payload: { wechatOfficialConfig: { enable } } });
}

let serial = 0;
const freshEmail = (name = 'learner') => `${name}.${++serial}@example.com`;
const ipOf = (account: TestAccount) => `10.77.0.${account.id % 250}`;

function sendLink(account: TestAccount, email: string, headers: Record<string, string> = {}) {
  return inject(
    t,
    { method: 'POST', url: '/api/users/bind/email', payload: { email } },
    { cookie: account.cookie, ip: ipOf(account), headers },
  );
}

/** The link of the latest mail the dev outbox holds for `email`, and its token. */
async function latestLink(email: string): Promise<{ url: URL; token: string; text: string; subject: string }> {
  const res = await inject(t, { url: '/api/dev/mail/latest', query: { to: email } });
  expect(res.statusCode, res.body).toBe(200);
  const mail = res.json() as { text: string; subject: string };
  const link = /https?:\/\/\S+/.exec(mail.text)?.[0];
  expect(link).toBeDefined();
  const url = new URL(link!);
  return { url, token: url.searchParams.get('token') ?? '', text: mail.text, subject: mail.subject };
}

function confirm(token: string) {
  return inject(t, { method: 'POST', url: '/api/users/bind/email/confirm', payload: { token } });
}

async function current(account: TestAccount) {
  const res = await inject(t, { url: '/api/auth/current' }, { cookie: account.cookie });
  return (res.json() as { user: { email: string | null; wechatBound: boolean } }).user;
}

describe('binding an email with a link', () => {
  it('mails a link to the school’s own address; opening it binds the email, once', async () => {
    const account = await newAccount(t);
    const email = freshEmail();
    const sent = await sendLink(account, email, { 'accept-language': 'en' });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json()).toEqual({ email, expiresInSeconds: 1800, resendAfterSeconds: 60 });

    const link = await latestLink(email);
    expect(link.url.pathname).toBe(emailConfirmPath);
    expect(link.url.origin).toBe('http://localhost');
    expect(link.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(link.text).toContain('30 minutes');
    expect(link.subject).toContain('confirm your email');
    // Only a hash of the token is kept.
    const rows = await t.db.select().from(emailLinks).where(eq(emailLinks.userId, account.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.id).not.toContain(link.token);
    expect(JSON.stringify(rows)).not.toContain(link.token);
    expect((await current(account)).email).toBeNull();

    const confirmed = await confirm(link.token);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json()).toEqual({ email });
    expect((await current(account)).email).toBe(email);

    const again = await confirm(link.token);
    expect(again.statusCode).toBe(400);
    expect(again.json().code).toBe('emailLinkInvalid');
  });

  it('writes the mail in Chinese for a Chinese learner', async () => {
    const account = await newAccount(t);
    const email = freshEmail();
    expect((await sendLink(account, email, { 'accept-language': 'zh-CN' })).statusCode).toBe(200);
    const link = await latestLink(email);
    expect(link.text).toContain('30 分钟内有效');
  });

  it('stores the address lower-cased', async () => {
    const account = await newAccount(t);
    const email = freshEmail('Mixed.Case');
    expect((await sendLink(account, email.toUpperCase())).json().email).toBe(email.toLowerCase());
    await confirm((await latestLink(email.toLowerCase())).token);
    expect((await current(account)).email).toBe(email.toLowerCase());
  });

  it('refuses an expired link, an unknown one and one replaced by a newer link', async () => {
    const account = await newAccount(t);
    const email = freshEmail();
    await sendLink(account, email);
    const first = await latestLink(email);
    t.clock.advance(emailLinkRules.resendMs);
    await sendLink(account, email);
    const second = await latestLink(email);
    expect(second.token).not.toBe(first.token);
    expect((await confirm(first.token)).json().code).toBe('emailLinkInvalid');
    expect((await confirm('A'.repeat(43))).json().code).toBe('emailLinkInvalid');
    t.clock.advance(emailLinkRules.ttlMs);
    const expired = await confirm(second.token);
    expect(expired.statusCode).toBe(400);
    expect(expired.json().code).toBe('emailLinkInvalid');
    expect((await current(account)).email).toBeNull();
  });

  it('refuses an email bound to another account, when sending and when the link is opened', async () => {
    const first = await newAccount(t);
    const second = await newAccount(t);
    const email = freshEmail();
    await sendLink(first, email);
    const firstLink = await latestLink(email);
    await sendLink(second, email);
    const secondLink = await latestLink(email);
    expect((await confirm(firstLink.token)).statusCode).toBe(200);

    const late = await confirm(secondLink.token);
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ code: 'emailBound', field: 'email', rule: 'rule.email.bound' });
    const refused = await sendLink(second, email);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('emailBound');
    expect((await current(second)).email).toBeNull();
    // The owner may ask again for its own address (to prove it still reads it).
    t.clock.advance(emailLinkRules.resendMs);
    expect((await sendLink(first, email)).statusCode).toBe(200);
  });

  it('sends one link a minute per learner, answering 429 with Retry-After in between', async () => {
    const account = await newAccount(t);
    expect((await sendLink(account, freshEmail())).statusCode).toBe(200);
    const soon = await sendLink(account, freshEmail());
    expect(soon.statusCode).toBe(429);
    expect(soon.json().code).toBe('tooManyRequests');
    expect(Number(soon.headers['retry-after'])).toBeGreaterThan(0);
    t.clock.advance(emailLinkRules.resendMs);
    expect((await sendLink(account, freshEmail())).statusCode).toBe(200);
  });

  it('refuses a malformed address and a visitor', async () => {
    const account = await newAccount(t);
    const bad = await sendLink(account, 'not-an-email');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'validationFailed', field: 'email', rule: 'rule.email.invalid' });
    const visitor = await inject(t, { method: 'POST', url: '/api/users/bind/email', payload: { email: freshEmail() } });
    expect(visitor.statusCode).toBe(401);
    expect((await confirm('short')).json()).toMatchObject({ code: 'validationFailed', field: 'token' });
  });

  it('unbinds the email', async () => {
    const account = await newAccount(t);
    const email = freshEmail();
    await sendLink(account, email);
    await confirm((await latestLink(email)).token);
    const res = await inject(t, { method: 'DELETE', url: '/api/users/bind/email' }, { cookie: account.cookie });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().email).toBeNull();
    expect((await current(account)).email).toBeNull();
  });
});

describe('binding and unbinding WeChat', () => {
  let codeSerial = 0;
  function codeOf(openid: string): string {
    const code = `bind-code-${++codeSerial}`;
    fake.codes.set(code, { openid });
    return code;
  }
  const bind = (account: TestAccount, code: string) =>
    inject(t, { method: 'POST', url: '/api/users/bind/wechat', payload: { code } }, { cookie: account.cookie });
  const unbind = (account: TestAccount) =>
    inject(t, { method: 'DELETE', url: '/api/users/bind/wechat' }, { cookie: account.cookie });

  it('binds the WeChat of an OAuth code to the signed-in learner; the same WeChat again changes nothing', async () => {
    const account = await newAccount(t);
    const res = await bind(account, codeOf('o-sec-1'));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: account.id, wechatBound: true });
    expect((await bind(account, codeOf('o-sec-1'))).statusCode).toBe(200);
    const rows = await t.db.select().from(oauthIdentities).where(eq(oauthIdentities.userId, account.id));
    expect(rows.map((r) => r.openid)).toEqual(['o-sec-1']);
  });

  it('refuses a WeChat bound to another account, and a second WeChat for one account', async () => {
    const owner = await newAccount(t);
    const other = await newAccount(t);
    await bind(owner, codeOf('o-sec-2'));
    const taken = await bind(other, codeOf('o-sec-2'));
    expect(taken.statusCode).toBe(409);
    expect(taken.json().code).toBe('wechatBound');
    const second = await bind(owner, codeOf('o-sec-3'));
    expect(second.statusCode).toBe(409);
    expect(second.json().code).toBe('conflict');
  });

  it('unbinds WeChat, but not from an account it is the only way into', async () => {
    const account = await newAccount(t);
    await bind(account, codeOf('o-sec-4'));
    const res = await unbind(account);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().wechatBound).toBe(false);
    expect((await unbind(account)).statusCode).toBe(200);

    const wechatOnly = await newAccount(t);
    await bind(wechatOnly, codeOf('o-sec-5'));
    await t.db.update(users).set({ passwordHash: null, phone: null }).where(eq(users.id, wechatOnly.id));
    const refused = await unbind(wechatOnly);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('lastSignInMethod');
    expect((await current(wechatOnly)).wechatBound).toBe(true);
    // A phone is a way in (SMS login): then WeChat may go.
    await t.db.update(users).set({ phone: '13966660001' }).where(eq(users.id, wechatOnly.id));
    expect((await unbind(wechatOnly)).json().wechatBound).toBe(false);
  });

  it('answers forbidden while the school has WeChat off, and badRequest for a code WeChat refuses', async () => {
    const account = await newAccount(t);
    expect((await bind(account, 'never-issued')).json()).toMatchObject({ code: 'badRequest', field: 'code' });
    await setWechat(false);
    try {
      const res = await bind(account, codeOf('o-sec-6'));
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('forbidden');
    } finally {
      await setWechat(true);
    }
  });
});

describe('a server that sends no mail', () => {
  it('answers emailUnavailable', async () => {
    const off = await createTestApp({ email: { provider: 'off' } });
    try {
      const account = await newAccount(off);
      const res = await inject(
        off,
        { method: 'POST', url: '/api/users/bind/email', payload: { email: freshEmail() } },
        { cookie: account.cookie },
      );
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('emailUnavailable');
      expect((await inject(off, { url: '/api/dev/mail/latest', query: { to: 'a@b.cn' } })).statusCode).toBe(404);
    } finally {
      await off.close();
    }
  });
});
