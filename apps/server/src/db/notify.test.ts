import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadTestSettings } from '../config/env.js';
import { openDatabase, openPglite, type Database, type NotifyListener } from './database.js';

/*
 * Database.listen, which the learner cache relies on (decision 014): when a notification is
 * heard relative to the write that sent it. On PGlite, with the write's own result; on
 * PostgreSQL, a moment after the commit, and at the latest when `settle` resolves.
 */

const { testDatabaseUrl } = loadTestSettings();

function listening(database: Database) {
  const channel = `test_${randomBytes(4).toString('hex')}`;
  const heard: string[] = [];
  const states: boolean[] = [];
  const listener = database.listen(channel, {
    onNotify: (payload) => heard.push(payload),
    onState: (state) => states.push(state),
  });
  const notify = (payload: string) => sql`select pg_notify(${channel}, ${payload})`;
  return { heard, states, listener, notify };
}

describe('on PGlite', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openPglite('memory://');
  });
  afterAll(async () => {
    await database.close();
  });

  it("hears a notification with the result of the write that sent it, a transaction's at its commit", async () => {
    const { heard, states, listener, notify } = listening(database);
    await listener;
    expect(states).toEqual([true]);
    await database.db.execute(notify('1'));
    expect(heard).toEqual(['1']);
    await database.db.transaction(async (tx) => {
      await tx.execute(notify('2'));
      expect(heard).toEqual(['1']);
    });
    expect(heard).toEqual(['1', '2']);
  });
});

describe.runIf(testDatabaseUrl)('on PostgreSQL', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openDatabase({ driver: 'postgres', url: testDatabaseUrl! });
  });
  afterAll(async () => {
    await database.close();
  });

  it('has heard every notification committed before settle() when it resolves', async () => {
    const { heard, states, listener: listened, notify } = listening(database);
    const listener: NotifyListener = await listened;
    expect(states).toEqual([true]);
    // The writer's commit returns before the listening connection has the notification more
    // often than not: only settle() makes "heard" certain.
    for (let i = 0; i < 200; i += 1) {
      await database.db.execute(notify(String(i)));
      await listener.settle();
      expect(heard.length, `notification ${i}`).toBe(i + 1);
    }
  });
});
