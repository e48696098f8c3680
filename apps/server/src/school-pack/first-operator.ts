import { randomInt } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { passwordSchema, usernameSchema } from '@school/contract/validation';
import type { Db } from '../db/database.js';
import { orderOperators, sessions, users } from '../db/schema.js';
import { hashPassword } from '../lib/password.js';

/*
 * A school's first operator (the one who decides refunds), made from the command line: a
 * production database has no account until someone makes one. The password is generated, printed
 * once and stored only as its hash, and it opens one session: its owner then sets their own.
 */

// No 0/O, 1/l/I: read off a screen and typed on a phone.
const alphabet = 'abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** 16 characters (about 93 bits), with a letter and a digit as the password rules ask. */
export function generatePassword(): string {
  for (;;) {
    const password = Array.from({ length: 16 }, () => alphabet[randomInt(alphabet.length)]).join('');
    if (passwordSchema.safeParse(password).success) return password;
  }
}

export type OperatorResult = { ok: true; created: boolean; password: string } | { ok: false; problem: string };

export async function makeOperator(db: Db, tenantId: number, username: string): Promise<OperatorResult> {
  if (!usernameSchema.safeParse(username).success) {
    return { ok: false, problem: `"${username}" is not a username the school accepts (letters, digits, _ and .)` };
  }
  const password = generatePassword();
  const passwordHash = await hashPassword(password);
  const created = await db.transaction(async (tx) => {
    const [existing] = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.tenantId, tenantId), sql`lower(${users.username}) = lower(${username})`));
    let userId = existing?.id;
    if (userId === undefined) {
      const [made] = await tx
        .insert(users)
        .values({ tenantId, username, nickname: username, passwordHash, passwordOneTime: true })
        .returning({ id: users.id });
      userId = made!.id;
    } else {
      // An existing account gets a new one-time password: whoever held its sessions is out.
      await tx
        .update(users)
        .set({ passwordHash, passwordOneTime: true, status: 'ACTIVE', updatedAt: sql`now()` })
        .where(eq(users.id, userId));
      await tx.delete(sessions).where(and(eq(sessions.tenantId, tenantId), eq(sessions.userId, userId)));
    }
    await tx.insert(orderOperators).values({ tenantId, userId }).onConflictDoNothing();
    return existing === undefined;
  });
  return { ok: true, created, password };
}
