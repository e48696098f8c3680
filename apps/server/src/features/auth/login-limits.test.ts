import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoAccounts } from '../../db/seed.js';
import { codeFor, inject, newAccount, type TestAccount } from '../../testing/accounts.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { passwordGuessLimits } from './auth.service.js';

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

const { perAddress, perAccount } = passwordGuessLimits;
let addressCounter = 0;
const freshAddress = () => `10.77.${Math.floor(++addressCounter / 250)}.${(addressCounter % 250) + 1}`;

function login(username: string, password: string, ip: string) {
  return inject(t, { method: 'POST', url: '/api/login', payload: { username, password } }, { ip });
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

    const ip = freshAddress();
    const code = await codeFor(t, owner.phone, 'login', { ip });
    const sms = await inject(
      t,
      { method: 'POST', url: '/api/login/sms', payload: { phone: owner.phone, code } },
      { ip },
    );
    expect(sms.statusCode, sms.body).toBe(200);
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
