import { mkdir, rm, writeFile, rename } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import {
  installedPgliteVersion,
  migrationsFolder,
  pgliteExtensions,
  pgliteTemplateDir,
  pgliteTemplateLayout,
} from './database.js';
import * as schema from './schema.js';

/*
 * Makes the cluster an empty data folder starts from (database.ts says why): PGlite's initdb
 * and the committed migrations, on disk, closed cleanly, with the PGlite version beside it.
 * Run by the build after tsc: `node dist/db/pglite-template.js`. No demo schools: their demo
 * data places its dates around the day it runs, so they are loaded at first start.
 */
export async function makePgliteTemplate(templateDir = pgliteTemplateDir): Promise<void> {
  const partial = `${templateDir}.${process.pid}.partial`;
  await rm(partial, { recursive: true, force: true });
  await mkdir(partial, { recursive: true });
  const client = await PGlite.create(path.join(partial, pgliteTemplateLayout.data), {
    extensions: pgliteExtensions,
  });
  try {
    await migrate(drizzle(client, { schema }), { migrationsFolder });
  } finally {
    await client.close();
  }
  await writeFile(path.join(partial, pgliteTemplateLayout.version), `${await installedPgliteVersion()}\n`);
  // Swapped in whole: a server starting meanwhile finds the old template, none or the new, never half of one.
  await rm(templateDir, { recursive: true, force: true });
  await rename(partial, templateDir);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await makePgliteTemplate();
}
