import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installPgliteTemplate, openPglite, pgliteTemplateLayout } from './database.js';
import { makePgliteTemplate } from './pglite-template.js';

describe('the PGlite template an empty data folder starts from', () => {
  let folder: string;
  let template: string;
  beforeAll(async () => {
    folder = await mkdtemp(path.join(os.tmpdir(), 'school-pglite-template-'));
    template = path.join(folder, 'template');
    await makePgliteTemplate(template);
  }, 120_000);
  afterAll(async () => {
    await rm(folder, { recursive: true, force: true });
  });

  it('is a migrated cluster, copied only into a folder with no cluster yet', async () => {
    const dataDir = path.join(folder, 'data');
    expect(await installPgliteTemplate(dataDir, template)).toBe(true);
    expect(await installPgliteTemplate(dataDir, template)).toBe(false);
    const database = await openPglite(dataDir);
    try {
      const { rows } = (await database.db.execute(
        sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
      )) as unknown as { rows: { n: number }[] };
      expect(rows[0]!.n).toBeGreaterThan(0);
      // The migrations find nothing left to apply; the seed then writes into it as usual.
      await database.prepare(async () => {});
    } finally {
      await database.close();
    }
  }, 60_000);

  it('is not used by another PGlite version', async () => {
    const versionFile = path.join(template, pgliteTemplateLayout.version);
    const version = await readFile(versionFile, 'utf8');
    await writeFile(versionFile, '0.0.0\n');
    try {
      expect(await installPgliteTemplate(path.join(folder, 'other'), template)).toBe(false);
    } finally {
      await writeFile(versionFile, version);
    }
  });
});
