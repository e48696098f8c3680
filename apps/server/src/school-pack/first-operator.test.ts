import { accountPaths } from '@school/contract/account-paths';
import os from 'node:os';
import { backOfficePaths } from '@school/contract/paths';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderOperators, users } from '../db/schema.js';
import { createLocalMediaStorage } from '../providers/storage/media-storage.js';
import { inject, loginCookie } from '../testing/accounts.js';
import { createTestApp, type TestApp } from '../testing/test-app.js';
import { generatePassword } from './first-operator.js';
import { runSchoolCommand } from './school-command.js';

/*
 * Decision 019: a production school's first operator comes from `npm run school -- operator`, with
 * a generated password that opens one session only.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

async function operatorCommand(args: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  // The operator command stores no media.
  const storage = createLocalMediaStorage(os.tmpdir());
  const code = await runSchoolCommand({ db: t.db, storage }, ['operator', ...args], {
    out: (line) => out.push(line),
    err: (line) => err.push(line),
  });
  return { code, out, err, password: /^one-time password: (\S+)$/.exec(out[1] ?? '')?.[1] };
}

describe('npm run school -- operator', () => {
  it('makes an operator whose printed password opens one session, then is gone', async () => {
    const { code, out, password } = await operatorCommand(['localhost', 'refund_desk']);
    expect(code).toBe(0);
    expect(out[0]).toBe('refund_desk is now an operator of Demo School.');
    expect(password).toMatch(/^[A-Za-z2-9]{16}$/);

    const [row] = await t.db.select().from(users).where(eq(users.username, 'refund_desk'));
    expect(row!.passwordHash).not.toContain(password);
    expect(await t.db.select().from(orderOperators).where(eq(orderOperators.userId, row!.id))).toHaveLength(1);

    const cookie = await loginCookie(t, { username: 'refund_desk', password: password! });
    const refunds = await inject(t, { url: backOfficePaths.operatorRefunds }, { cookie });
    expect(refunds.statusCode, refunds.body).toBe(200);

    // Spent: the same password no longer opens anything, and the account has no password left.
    const again = await inject(t, {
      method: 'POST',
      url: '/api/login',
      payload: { username: 'refund_desk', password },
    });
    expect(again.statusCode).toBe(400);
    expect(JSON.parse(again.body).code).toBe('badCredential');
    const [spent] = await t.db.select().from(users).where(eq(users.id, row!.id));
    expect({ passwordHash: spent!.passwordHash, passwordOneTime: spent!.passwordOneTime }).toEqual({
      passwordHash: null,
      passwordOneTime: false,
    });

    // In that session the operator sets a password of their own (no old one to give), which stays.
    const own = await t.app.inject({
      method: 'POST',
      url: accountPaths.passwordChange,
      headers: { cookie },
      payload: { password: 'my-own-pass-1', confirmPassword: 'my-own-pass-1' },
    });
    expect(own.statusCode, own.body).toBe(204);
    await loginCookie(t, { username: 'refund_desk', password: 'my-own-pass-1' });
    await loginCookie(t, { username: 'refund_desk', password: 'my-own-pass-1' });
  });

  it('gives an existing account a new one-time password and ends its sessions', async () => {
    const first = await operatorCommand(['localhost', 'desk_two']);
    const cookie = await loginCookie(t, { username: 'desk_two', password: first.password! });
    const second = await operatorCommand(['localhost', 'DESK_TWO']);
    expect(second.out[0]).toBe('DESK_TWO stays an operator of Demo School.');
    expect((await inject(t, { url: backOfficePaths.operatorRefunds }, { cookie })).statusCode).toBe(401);
    await loginCookie(t, { username: 'desk_two', password: second.password! });
  });

  it('lets only one of two logins racing with the password open a session', async () => {
    const { password } = await operatorCommand(['localhost', 'desk_three']);
    const login = () =>
      t.app.inject({ method: 'POST', url: '/api/login', payload: { username: 'desk_three', password } });
    const answers = await Promise.all([login(), login()]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 400]);
  });

  it('refuses a name the school would not accept', async () => {
    expect((await operatorCommand(['localhost', '13800138000'])).err).toEqual([
      '"13800138000" is not a username the school accepts (letters, digits, _ and .)',
    ]);
  });

  it('generates passwords the password rules accept, never the same twice', () => {
    const passwords = Array.from({ length: 200 }, generatePassword);
    expect(new Set(passwords).size).toBe(200);
    for (const password of passwords) expect(password).toMatch(/^(?=.*[A-Za-z])(?=.*\d)[A-Za-z2-9]{16}$/);
  });
});
