import { captchaHeader } from '@school/contract/auth';
import type { SmsPurpose } from '@school/contract/sms';
import { expect } from 'vitest';
import { sessionCookieFrom, type TestApp } from './test-app.js';

/*
 * Steps the account tests repeat: sending a code and reading it back through the console
 * provider's dev route (as the browser tests do), logging in, and building request headers.
 */

export interface As {
  cookie?: string;
  host?: string;
  /** Client address (light-my-request's remoteAddress): keeps per-address limits apart. */
  ip?: string;
  headers?: Record<string, string>;
}

export function headersOf(as: As = {}): Record<string, string> {
  return {
    ...(as.cookie ? { cookie: as.cookie } : {}),
    ...(as.host ? { host: as.host } : {}),
    ...as.headers,
  };
}

export function inject(
  t: TestApp,
  request: {
    method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
    url: string;
    payload?: object | string;
    query?: Record<string, string>;
  },
  as: As = {},
) {
  const query = request.query ? `?${new URLSearchParams(request.query).toString()}` : '';
  return t.app.inject({
    method: request.method ?? 'GET',
    url: `${request.url}${query}`,
    headers: headersOf(as),
    ...(request.payload === undefined ? {} : { payload: request.payload }),
    ...(as.ip ? { remoteAddress: as.ip } : {}),
  });
}

export function sendCode(t: TestApp, phone: string, purpose: SmsPurpose, as: As = {}) {
  return inject(t, { url: '/api/users/sms/code', query: { phone, purpose } }, as);
}

/** The code the console provider last "sent" to `phone`. */
export async function latestCode(t: TestApp, phone: string, as: As = {}): Promise<string> {
  const res = await inject(t, { url: '/api/dev/sms/latest', query: { phone } }, as);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { code: string }).code;
}

/** Sends a code and answers it, failing the test if the send is refused. */
export async function codeFor(t: TestApp, phone: string, purpose: SmsPurpose, as: As = {}): Promise<string> {
  const res = await sendCode(t, phone, purpose, as);
  expect(res.statusCode, res.body).toBe(200);
  return latestCode(t, phone, as);
}

/** A code that is not `code` (for wrong tries). */
export function wrongCode(code: string): string {
  return String((Number(code) + 1) % 1_000_000).padStart(6, '0');
}

export async function loginCookie(
  t: TestApp,
  account: { username: string; password: string },
  as: As = {},
): Promise<string> {
  const res = await inject(t, { method: 'POST', url: '/api/login', payload: { ...account } }, as);
  expect(res.statusCode, res.body).toBe(200);
  return sessionCookieFrom(res);
}

export async function currentUserId(t: TestApp, cookie: string, as: As = {}): Promise<number> {
  const res = await inject(t, { url: '/api/users/current' }, { ...as, cookie });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { id: number }).id;
}

export { captchaHeader };

export interface TestAccount {
  id: number;
  username: string;
  phone: string;
  password: string;
  cookie: string;
}

let accountCounter = 0;

/**
 * Registers a new account through the API (SMS code included) and answers it signed in.
 * Each call uses its own phone, name and client address, so limits never interfere.
 */
export async function newAccount(
  t: TestApp,
  overrides: { password?: string; host?: string } = {},
): Promise<TestAccount> {
  accountCounter += 1;
  const n = String(accountCounter).padStart(4, '0');
  const phone = `1370000${n}`;
  const username = `member${n}`;
  const password = overrides.password ?? `secret${n}a`;
  const as: As = {
    ip: `10.200.${Math.floor(accountCounter / 250)}.${(accountCounter % 250) + 1}`,
    host: overrides.host,
  };
  const code = await codeFor(t, phone, 'register', as);
  const res = await inject(
    t,
    {
      method: 'POST',
      url: '/api/register',
      payload: { nickname: `Member ${n}`, username, password, confirmPassword: password, phone, code },
    },
    as,
  );
  expect(res.statusCode, res.body).toBe(200);
  const cookie = sessionCookieFrom(res);
  return { id: (res.json() as { user: { id: number } }).user.id, username, phone, password, cookie };
}
