import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoAccounts, secondSchoolHost } from '../../demo-data/demo-accounts.js';
import { codeFor, inject, newAccount, type TestAccount } from '../../testing/accounts.js';
import { tenantIdOf } from '../../testing/site.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { passwordGuessLimits } from './auth.service.js';
import { createDeviceCookies, deviceCookieLifetimeMs } from './device-cookies.js';

/*
 * Password guessing (decision record 010): a count per client address across accounts
 * (spraying), and a growing delay per account across addresses and login ids, which a stranger
 * cannot turn into a lock-out longer than its ceiling and which an SMS login always gets past.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const { perAddress, perAccount, perDevice } = passwordGuessLimits;
let addressCounter = 0;
const freshAddress = () => `10.77.${Math.floor(++addressCounter / 250)}.${(addressCounter % 250) + 1}`;

function login(username: string, password: string, ip: string, as: { cookie?: string; host?: string } = {}) {
  return inject(t, { method: 'POST', url: '/api/login', payload: { username, password } }, { ip, ...as });
}

/** The account's owner logs in with a code sent to their phone, from an address of their own. */
async function smsLogin(owner: TestAccount) {
  const ip = freshAddress();
  const code = await codeFor(t, owner.phone, 'login', { ip });
  const sms = await inject(t, { method: 'POST', url: '/api/login/sms', payload: { phone: owner.phone, code } }, { ip });
  expect(sms.statusCode, sms.body).toBe(200);
  return sms;
}

/** Wrong passwords for `username` until the free ones are used up, each from a new address. */
async function useUpFreeGuesses(username: string) {
  for (let i = 0; i < perAccount.free; i++) {
    expect((await login(username, `wrong-${i}`, freshAddress())).json().code).toBe('badCredential');
  }
}

describe('password spraying from one address', () => {
  it(`stops after ${perAddress.limit} failures whatever the accounts, and only that address`, async () => {
    const ip = freshAddress();
    for (let i = 0; i < perAddress.limit; i++) {
      const res = await login(`sprayed${i}`, 'Password1', ip);
      expect(res.json().code, `attempt ${i + 1}`).toBe('badCredential');
    }
    const stopped = await login('yet-another', 'Password1', ip);
    expect(stopped.statusCode).toBe(429);
    expect(stopped.json()).toEqual({ code: 'tooManyRequests', message: 'Too many requests, please try again later' });
    expect(Number(stopped.headers['retry-after'])).toBeGreaterThan(0);
    // Even the right password waits: nothing is checked from this address until the window ends.
    expect((await login(demoAccounts.newbie.username, demoAccounts.newbie.password, ip)).statusCode).toBe(429);
    // Another address is not punished.
    expect((await login(demoAccounts.newbie.username, demoAccounts.newbie.password, freshAddress())).statusCode).toBe(
      200,
    );
    t.clock.advance(perAddress.windowMs);
    expect((await login(demoAccounts.newbie.username, demoAccounts.newbie.password, ip)).statusCode).toBe(200);
  });

  it('never counts successful logins: a school network logs in a whole class', async () => {
    const ip = freshAddress();
    for (let i = 0; i < perAddress.limit + 5; i++) {
      expect((await login(demoAccounts.newbie.username, demoAccounts.newbie.password, ip)).statusCode).toBe(200);
    }
  });
});

describe('guesses at one account', () => {
  let account: TestAccount;
  beforeAll(async () => {
    account = await newAccount(t);
  });

  it('count across addresses and login ids, then each attempt waits twice as long as the last', async () => {
    // Three wrong passwords by username, two by phone, each from another address.
    for (let i = 0; i < perAccount.free; i++) {
      const id = i < 3 ? account.username : account.phone;
      expect((await login(id, `wrong-${i}`, freshAddress())).json().code).toBe('badCredential');
    }
    const waiting = await login(account.phone, account.password, freshAddress());
    expect(waiting.statusCode).toBe(429);
    expect(waiting.headers['retry-after']).toBe('1');

    t.clock.advance(1000);
    expect((await login(account.username, 'wrong-again', freshAddress())).json().code).toBe('badCredential');
    expect((await login(account.username, account.password, freshAddress())).headers['retry-after']).toBe('2');
    t.clock.advance(2000);
    expect((await login(account.username, 'wrong-again', freshAddress())).json().code).toBe('badCredential');
    expect((await login(account.username, account.password, freshAddress())).headers['retry-after']).toBe('4');

    // After the wait, the owner's right password passes and the count starts over.
    t.clock.advance(4000);
    expect((await login(account.username, account.password, freshAddress())).statusCode).toBe(200);
    expect((await login(account.username, 'wrong-once', freshAddress())).json().code).toBe('badCredential');
    expect((await login(account.username, account.password, freshAddress())).statusCode).toBe(200);
  });

  it('never makes the owner wait longer than the ceiling, however long a stranger keeps at it', async () => {
    const victim = await newAccount(t);
    await useUpFreeGuesses(victim.username);
    let longest = 0;
    for (let i = 0; i < 20; i++) {
      const refused = await login(victim.username, `wrong-${i}`, freshAddress());
      const wait = Number(refused.headers['retry-after']);
      longest = Math.max(longest, wait);
      t.clock.advance(wait * 1000);
      expect((await login(victim.username, `wrong-${i}`, freshAddress())).json().code).toBe('badCredential');
    }
    expect(longest).toBe(perAccount.maxDelayMs / 1000);
    t.clock.advance(perAccount.maxDelayMs);
    expect((await login(victim.username, victim.password, freshAddress())).statusCode).toBe(200);
  });

  it('lets an SMS login through at once, and it clears the count', async () => {
    const owner = await newAccount(t);
    await useUpFreeGuesses(owner.username);
    expect((await login(owner.username, owner.password, freshAddress())).statusCode).toBe(429);

    await smsLogin(owner);
    expect((await login(owner.username, owner.password, freshAddress())).statusCode).toBe(200);
  });

  it('lets one of many simultaneous guesses through once the free ones are used', async () => {
    const target = await newAccount(t);
    await useUpFreeGuesses(target.username);
    t.clock.advance(perAccount.baseDelayMs);
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) => login(target.username, `burst-${i}`, freshAddress())),
    );
    const statuses = answers.map((res) => res.statusCode).sort();
    expect(statuses).toEqual([400, 429, 429, 429, 429, 429, 429, 429]);
  });

  it('treats a login id that names nobody exactly like an account, so the limits reveal nothing', async () => {
    const known = await newAccount(t);
    const sequence = async (id: string) => {
      const out: string[] = [];
      for (let i = 0; i < perAccount.free + 2; i++) {
        const res = await login(id, `wrong-${i}`, freshAddress());
        out.push(`${res.statusCode}:${res.headers['retry-after'] ?? ''}`);
      }
      return out;
    };
    expect(await sequence('nobody-by-this-name')).toEqual(await sequence(known.username));
  });
});

/*
 * OWASP's device cookies: a browser that has logged in to an account before is judged by its own
 * record for that account, not by the address it shares with a guessing classmate.
 */
describe('a browser that logged in before (device cookie)', () => {
  /** The `Cookie` header that sends back the device cookie this answer set. */
  function deviceCookieOf(res: { cookies: { name: string; value: string; maxAge?: number }[] }): string {
    const cookie = res.cookies.find((c) => c.name === 'device');
    expect(cookie?.maxAge).toBe(deviceCookieLifetimeMs / 1000);
    return `device=${cookie!.value}`;
  }

  /** Logs `account` in from an address of its own and answers its browser's device cookie. */
  async function knownBrowser(account: { username: string; password: string }, host?: string): Promise<string> {
    const res = await login(account.username, account.password, freshAddress(), host ? { host } : {});
    expect(res.statusCode, res.body).toBe(200);
    return deviceCookieOf(res);
  }

  /** An address a classmate has used up: its limit of failed logins is reached. */
  async function sprayedAddress(): Promise<string> {
    const ip = freshAddress();
    for (let i = 0; i < perAddress.limit; i++) {
      expect((await login(`sprayed-by-classmate${i}`, 'Password1', ip)).json().code).toBe('badCredential');
    }
    return ip;
  }

  it('lets a learner with their device cookie log in from an address locked by failures; without it they wait', async () => {
    const owner = await newAccount(t);
    const cookie = await knownBrowser(owner);
    const ip = await sprayedAddress();

    const stranger = await login(owner.username, owner.password, ip);
    expect(stranger.statusCode).toBe(429);
    const known = await login(owner.username, owner.password, ip, { cookie });
    expect(known.statusCode, known.body).toBe(200);
    // A fresh cookie each time, which serves as well.
    const again = deviceCookieOf(known);
    expect(again).not.toBe(cookie);
    expect((await login(owner.phone, owner.password, ip, { cookie: again })).statusCode).toBe(200);
    // Its wrong passwords are answered as such, not refused by the address's count.
    expect((await login(owner.username, 'wrong-once', ip, { cookie: again })).json().code).toBe('badCredential');
  });

  it('helps only the account it was issued for', async () => {
    const a = await newAccount(t);
    const b = await newAccount(t);
    const cookieOfA = await knownBrowser(a);
    const ip = await sprayedAddress();
    expect((await login(b.username, b.password, ip, { cookie: cookieOfA })).statusCode).toBe(429);
    expect((await login(a.username, a.password, ip, { cookie: cookieOfA })).statusCode).toBe(200);
  });

  it('ignores a forged, tampered with or expired cookie', async () => {
    const owner = await newAccount(t);
    const other = await newAccount(t);
    const cookie = await knownBrowser(owner);
    const [tenant, userId, expiresAt, nonce, mac] = cookie.slice('device='.length).split('.');
    expect(Number(userId)).toBe(owner.id);

    const ip = await sprayedAddress();
    const signedElsewhere = createDeviceCookies({ secret: 'another-secret-another-secret-another' }).issue(
      Number(tenant),
      owner.id,
      t.clock.now(),
    ).value;
    for (const forged of [
      'device=forged',
      `device=${signedElsewhere}`,
      // Someone else's account, or a later expiry, under the owner's signature.
      `device=${tenant}.${other.id}.${expiresAt}.${nonce}.${mac}`,
      `device=${tenant}.${userId}.${Number(expiresAt) + 1}.${nonce}.${mac}`,
      `device=${tenant}.${userId}.${expiresAt}.${nonce}.${mac!.slice(0, -1)}${mac!.endsWith('A') ? 'B' : 'A'}`,
    ]) {
      expect((await login(owner.username, owner.password, ip, { cookie: forged })).statusCode, forged).toBe(429);
    }
    expect((await login(owner.username, owner.password, ip, { cookie })).statusCode).toBe(200);

    // A year on, the cookie has expired (a login in between would have issued a new one).
    t.clock.advance(deviceCookieLifetimeMs);
    const later = await sprayedAddress();
    expect((await login(owner.username, owner.password, later, { cookie })).statusCode).toBe(429);
  });

  it(`stops helping after ${perDevice.limit} wrong passwords with it (the cookie is locked out)`, async () => {
    const owner = await newAccount(t);
    const cookie = await knownBrowser(owner);
    const ip = await sprayedAddress();
    for (let i = 0; i < perDevice.limit; i++) {
      expect((await login(owner.username, `wrong-${i}`, ip, { cookie })).json().code, `guess ${i + 1}`).toBe(
        'badCredential',
      );
    }
    // Past the account's free guesses too: wait them out, so only the cookie's own count is left.
    t.clock.advance(perAccount.baseDelayMs);
    const locked = await login(owner.username, owner.password, ip, { cookie });
    expect(locked.statusCode).toBe(429);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(perAccount.baseDelayMs / 1000);
    // The account itself is not locked: from another address the right password passes.
    expect((await login(owner.username, owner.password, freshAddress(), { cookie })).statusCode).toBe(200);
  });

  it('still makes a guessed-at account wait', async () => {
    const owner = await newAccount(t);
    const cookie = await knownBrowser(owner);
    const ip = await sprayedAddress();
    await useUpFreeGuesses(owner.username);
    const waiting = await login(owner.username, owner.password, ip, { cookie });
    expect(waiting.statusCode).toBe(429);
    expect(waiting.headers['retry-after']).toBe('1');
    t.clock.advance(perAccount.baseDelayMs);
    expect((await login(owner.username, owner.password, ip, { cookie })).statusCode).toBe(200);
  });

  it("ignores another school's cookie, even one naming a learner of this school", async () => {
    const second = demoAccounts.secondSchoolLearner;
    const secondSchoolCookie = await knownBrowser(second, secondSchoolHost);
    const owner = await newAccount(t);
    const ip = await sprayedAddress();
    expect((await login(owner.username, owner.password, ip, { cookie: secondSchoolCookie })).statusCode).toBe(429);
    const signedForTheOtherSchool = createDeviceCookies({ secret: t.config.sessionSecret }).issue(
      await tenantIdOf(t, 'second'),
      owner.id,
      t.clock.now(),
    ).value;
    const res = await login(owner.username, owner.password, ip, { cookie: `device=${signedForTheOtherSchool}` });
    expect(res.statusCode).toBe(429);
    // The same, signed for this school, is the owner's browser.
    const signedHere = createDeviceCookies({ secret: t.config.sessionSecret }).issue(
      await tenantIdOf(t, 'demo'),
      owner.id,
      t.clock.now(),
    ).value;
    expect((await login(owner.username, owner.password, ip, { cookie: `device=${signedHere}` })).statusCode).toBe(200);
  });

  it('is given by an SMS login too', async () => {
    const owner = await newAccount(t);
    const sms = await smsLogin(owner);
    const cookie = deviceCookieOf(sms);
    const sprayed = await sprayedAddress();
    expect((await login(owner.username, owner.password, sprayed, { cookie })).statusCode).toBe(200);
  });
});
