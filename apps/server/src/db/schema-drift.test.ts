import { readFileSync } from 'node:fs';
import path from 'node:path';
import { generateDrizzleJson, generateMigration } from 'drizzle-kit/api';
import { describe, expect, it } from 'vitest';
import { migrationsFolder } from './database.js';
import * as schema from './schema.js';

/*
 * The schema the code declares (db/schema.ts and the table files it re-exports) against the
 * last migration's snapshot: what `npm run db:generate -w @school/server` would write must be
 * nothing, so a table change never ships without its migration, and a move between schema
 * files changes no table.
 */

const readJson = (file: string) => JSON.parse(readFileSync(path.join(migrationsFolder, 'meta', file), 'utf8'));

describe('the schema and the committed migrations', () => {
  it('leave drizzle-kit nothing to generate', async () => {
    const { entries } = readJson('_journal.json') as { entries: { idx: number }[] };
    const last = readJson(`${String(entries.at(-1)!.idx).padStart(4, '0')}_snapshot.json`);
    const current = generateDrizzleJson(schema, last.id);
    expect(await generateMigration(last, current)).toEqual([]);
  });
});
