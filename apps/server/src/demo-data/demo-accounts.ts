import { inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/database.js';
import { users } from '../db/schema.js';
import { verifyPassword } from '../lib/password.js';

/*
 * The demo schools' accounts (decision 019, README), made by the demo data step in development and
 * tests. Their passwords are published: production refuses a database where one still opens.
 */

export const demoAccounts = {
  learner: { username: 'learner', password: 'learner123', phone: '13800138000' },
  newbie: { username: 'newbie', password: 'newbie123' },
  /** Zhang Wei's own account: he reviews exams (seed-exams.ts, the reviewing scenario). */
  teacher: { username: 'teacher', password: 'teacher123' },
  /** The school's order operator: decides refunds through the operator API. */
  operator: { username: 'operator', password: 'operator123' },
  /** Same username as the demo school's learner, on purpose: usernames are unique per tenant. */
  secondSchoolLearner: { username: 'learner', password: 'school2pass1' },
} as const;

export const secondSchoolHost = 'school2.localhost';

/**
 * The demo accounts of this database that still open with their published password (a
 * database seeded by a development start, then served in production). Checked by verifying
 * each such account's hash, about 15 ms each: a school that reused a demo username with its
 * own password is not named.
 */
export async function openDemoLogins(db: Db): Promise<string[]> {
  const accounts = Object.values(demoAccounts);
  const rows = await db
    .select({ username: users.username, passwordHash: users.passwordHash })
    .from(users)
    .where(
      inArray(
        sql`lower(${users.username})`,
        accounts.map((a) => a.username),
      ),
    );
  const open = await Promise.all(
    rows.map(async (row) => {
      const passwords = accounts.filter((a) => a.username === row.username.toLowerCase()).map((a) => a.password);
      for (const password of passwords) {
        if (row.passwordHash !== null && (await verifyPassword(row.passwordHash, password))) return row.username;
      }
      return null;
    }),
  );
  return [...new Set(open.filter((name): name is string => name !== null))].sort();
}
