import { deflateSync } from 'node:zlib';
import { expect, type APIRequestContext, type BrowserContext, type Page } from '@playwright/test';

/*
 * Helpers of the accounts and WeChat journeys (decisions 006, 007). Each journey uses phones of its own:
 * the server lets one code go to a phone and purpose per minute.
 */

export const rememberMeSeconds = 10 * 24 * 60 * 60;

/** The sid session cookie of the browser context. */
export async function sessionCookie(context: BrowserContext) {
  const cookie = (await context.cookies()).find((c) => c.name === 'sid');
  expect(cookie, 'the sid session cookie').toBeDefined();
  return cookie!;
}

/** The cookie is persistent and lives 10 days (remember me). */
export async function expectRememberedCookie(context: BrowserContext): Promise<void> {
  const cookie = await sessionCookie(context);
  const expected = Date.now() / 1000 + rememberMeSeconds;
  expect(Math.abs(cookie.expires - expected)).toBeLessThan(120);
  expect(cookie.httpOnly).toBe(true);
}

/** The code the console SMS provider last "sent" to `phone` (dev route), waiting for it to exist. */
export async function latestSmsCode(request: APIRequestContext, phone: string, notCode?: string): Promise<string> {
  let code = '';
  await expect
    .poll(async () => {
      const res = await request.get('/api/dev/sms/latest', { params: { phone } });
      if (res.status() !== 200) return '';
      code = ((await res.json()) as { code: string }).code;
      return code === notCode ? '' : code;
    })
    .toMatch(/^\d{6}$/);
  return code;
}

/** Who the server says is signed in for this context (GET /api/auth/current). */
export async function currentUser(page: Page) {
  const res = await page.request.get('/api/auth/current');
  expect(res.status()).toBe(200);
  return ((await res.json()) as { user: null | Record<string, unknown> }).user;
}

export interface NewAccount {
  phone: string;
  nickname: string;
  username: string;
  password: string;
}

/** Creates an account through the API (register code by SMS), on a request context of its own. */
export async function registerByApi(request: APIRequestContext, account: NewAccount): Promise<void> {
  const sent = await request.get('/api/users/sms/code', { params: { phone: account.phone, purpose: 'register' } });
  expect(sent.status(), await sent.text()).toBe(200);
  const code = await latestSmsCode(request, account.phone);
  const res = await request.post('/api/register', {
    params: { rememberMe: 'false' },
    data: { ...account, code, confirmPassword: account.password },
  });
  expect(res.status(), await res.text()).toBe(200);
}

const signUpLabels = {
  en: {
    phone: 'Phone number',
    send: 'Send code',
    code: 'Verification code',
    nickname: 'Nickname',
    username: 'Username',
    password: 'New password',
    confirm: 'Confirm password',
    agreement: /I have read and agree/,
    available: 'This username is available',
  },
  cn: {
    phone: '手机号',
    send: '获取验证码',
    code: '验证码',
    nickname: '昵称',
    username: '用户名',
    password: '新密码',
    confirm: '确认密码',
    agreement: /我已阅读并同意/,
    available: '该用户名可以使用',
  },
} as const;

/** Fills the sign-up form (register and OAuthBindRegister), asking for the SMS code on the way. */
export async function fillSignUpForm(page: Page, account: NewAccount, lang: 'en' | 'cn' = 'en'): Promise<void> {
  const l = signUpLabels[lang];
  const phone = page.getByLabel(l.phone, { exact: true });
  await expect(phone).toBeVisible();
  await phone.fill(account.phone);
  await page.getByRole('button', { name: l.send }).click();
  const code = await latestSmsCode(page.request, account.phone);
  await page.getByLabel(l.code, { exact: true }).fill(code);
  await page.getByLabel(l.nickname, { exact: true }).fill(account.nickname);
  await page.getByLabel(l.username, { exact: true }).fill(account.username);
  await page.getByLabel(l.password, { exact: true }).fill(account.password);
  await page.getByLabel(l.confirm, { exact: true }).fill(account.password);
  await page.getByRole('checkbox', { name: l.agreement }).check();
}

/** A valid 16×16 PNG made here (one colour), for the avatar upload. */
export function tinyPng(): Buffer {
  const size = 16;
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc32 = (bytes: Buffer) => {
    let c = 0xffffffff;
    for (const b of bytes) c = crcTable[(c ^ b) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // truecolour
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(size * 3, Buffer.from([0x2f, 0x80, 0xed]))]);
  const pixels = Buffer.concat(Array.from({ length: size }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(pixels)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
