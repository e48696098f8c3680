import { cp, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/database.js';
import type { tags } from '../db/schema.js';
import { categories, microPages, tabs, teachers, tenantHosts, tenants } from '../db/schema.js';
import { createEmptyDatabase } from '../testing/test-app.js';
import { exportPack, schoolOfHost } from './export-pack.js';
import { importPack } from './import-pack.js';
import { formatProblem, readPack } from './read-pack.js';
import { runSchoolCommand } from './school-command.js';

/*
 * Issue 23: a school's content comes in as a pack of YAML files, checked whole before anything is
 * written, imported again without changing a row, and exported back to the same text.
 */

const examples = fileURLToPath(new URL('../../../../examples/', import.meta.url));
const demoPack = path.join(examples, 'demo-school');
const secondPack = path.join(examples, 'second-school');

let database: Database & { drop(): Promise<void> };
const folders: string[] = [];

beforeAll(async () => {
  database = await createEmptyDatabase();
}, 120_000);
afterAll(async () => {
  await database.drop();
  await Promise.all(folders.map((folder) => rm(folder, { recursive: true, force: true })));
});

async function tempFolder(): Promise<string> {
  const folder = await mkdtemp(path.join(os.tmpdir(), 'school-pack-'));
  folders.push(folder);
  return folder;
}

/** A copy of a pack with some files rewritten (`null` deletes the file). */
async function changedPack(from: string, changes: Record<string, string | null>): Promise<string> {
  const folder = await tempFolder();
  await cp(from, folder, { recursive: true });
  for (const [file, text] of Object.entries(changes)) {
    const target = path.join(folder, file);
    if (text === null) await rm(target);
    else await writeFile(target, text);
  }
  return folder;
}

async function importFolder(folder: string) {
  const read = await readPack(folder);
  if (read.pack === null) throw new Error(read.problems.map(formatProblem).join('\n'));
  return importPack(database.db, read.pack);
}

async function run(args: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runSchoolCommand(database.db, args, { out: (l) => out.push(l), err: (l) => err.push(l) });
  return { code, out, err };
}

const rowCount = async (table: typeof tenants | typeof teachers | typeof categories | typeof tags) =>
  (await database.db.select({ n: count() }).from(table))[0]!.n;

async function filesOf(folder: string): Promise<Record<string, string>> {
  const names = (await readdir(folder, { recursive: true, withFileTypes: true }))
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(folder, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
    .sort();
  return Object.fromEntries(
    await Promise.all(names.map(async (name) => [name, await readFile(path.join(folder, name), 'utf8')])),
  );
}

describe('checking a pack', () => {
  it('publishes the JSON Schemas of the files it checks, as generated now', async () => {
    const folder = await tempFolder();
    expect((await run(['schema', folder])).code).toBe(0);
    const committed = await filesOf(fileURLToPath(new URL('../../../../docs/school-pack-schema/', import.meta.url)));
    // Run `npm run school -- schema docs/school-pack-schema` after changing pack-schema.ts.
    expect(committed).toEqual(await filesOf(folder));
  });

  it('lists every problem with its file, line and column, and writes nothing', async () => {
    // An unknown key, a text without its English, a tab naming a page the school lacks.
    const school = (await readFile(path.join(demoPack, 'school.yaml'), 'utf8'))
      .replace('currency: CNY', 'currency: CNY\nmotto: Learn')
      .replace('  en: Learn what you love, anywhere\n', '')
      .replace('page: home', 'page: start')
      .replace('kind: searchBar', 'kind: searchBox');
    const lineOf = (text: string) => school.split('\n').findIndex((line) => line.includes(text)) + 1;
    const folder = await changedPack(demoPack, {
      'school.yaml': school,
      'tags.yaml': '- uid: beginner\n  name: Beginner\n- uid: beginner\n  name: Again\n- uid: Not A Uid\n  name: x\n',
      'teachers/wang-lei.yaml': 'name: Wang Lei\nintroduction: Architect\n',
      'categories.yaml': [
        'courses:',
        '  - uid: a',
        '    name: A',
        '    children:',
        '      - uid: b',
        '        name: B',
        '        children:',
        '          - uid: c',
        '            name: { cn: C }',
        '            children:',
        '              - uid: d',
        '                name: D',
      ].join('\n'),
    });
    const before = await rowCount(tenants);
    const { code, err } = await run(['import', folder]);

    expect(code).toBe(1);
    expect(err).toEqual([
      'categories.yaml:9:19 "name" has no en text',
      'categories.yaml:11:17 categories go three levels deep at most',
      `school.yaml:${lineOf('slogan:') + 1}:3 "slogan" has no en text`,
      `school.yaml:${lineOf('motto')}:1 unknown key "motto"`,
      `school.yaml:${lineOf('searchBox')}:15 unknown kind: expected one of banner, searchBar, navGrid, richText, imageAd, courseList, classroomList, examList, articleList`,
      `school.yaml:${lineOf('page: start')}:11 no page "start" in "pages"`,
      'tags.yaml:3:8 tag uid "beginner" is used twice',
      'tags.yaml:5:8 "uid": a uid is lower-case letters, digits and dashes (at most 64)',
      'teachers/wang-lei.yaml:1:1 "title" is missing',
      '9 problems: nothing was written',
    ]);
    expect(await rowCount(tenants)).toBe(before);
  });

  it('reports a YAML syntax error where the parser stopped, and a missing school.yaml', async () => {
    const broken = await changedPack(demoPack, { 'tags.yaml': '- uid: a\n  name: [A\n', 'school.yaml': null });
    const { code, err } = await run(['import', broken, '--dry-run']);
    expect(code).toBe(1);
    expect(err).toContain('school.yaml:1:1 the file is missing');
    expect(err.some((line) => /^tags\.yaml:\d+:\d+ /.test(line))).toBe(true);
  });
});

describe('importing the demo packs', () => {
  it('a dry run checks against the database and writes nothing', async () => {
    const { code, out } = await run(['import', demoPack, '--dry-run']);
    expect(code).toBe(0);
    expect(out[0]).toBe('would be school created');
    expect(out).toContain('  teachers: 8 created, 0 updated, 0 removed');
    expect(out.at(-1)).toBe('dry run: nothing was written');
    expect(await rowCount(tenants)).toBe(0);
  });

  it('creates both schools, and importing them again changes nothing', async () => {
    const first = await run(['import', demoPack]);
    expect(first.code).toBe(0);
    expect(first.out[0]).toBe('school created');
    expect((await run(['import', secondPack])).code).toBe(0);
    expect(await rowCount(tenants)).toBe(2);
    expect(await rowCount(teachers)).toBe(9);

    const rows = async () => ({
      tenants: await database.db.select().from(tenants).orderBy(tenants.id),
      teachers: await database.db.select().from(teachers).orderBy(teachers.id),
      categories: await database.db.select().from(categories).orderBy(categories.id),
      tabs: await database.db.select().from(tabs).orderBy(tabs.id),
      pages: await database.db.select().from(microPages).orderBy(microPages.id),
    });
    const before = await rows();
    const again = await run(['import', demoPack]);
    expect(again.out).toEqual([
      'school unchanged',
      '  agreements: 0 created, 0 updated, 0 removed',
      '  pages: 0 created, 0 updated, 0 removed',
      '  teachers: 0 created, 0 updated, 0 removed',
      '  categories: 0 created, 0 updated, 0 removed',
      '  tags: 0 created, 0 updated, 0 removed',
    ]);
    expect(await rows()).toEqual(before);

    const list = await run(['list']);
    expect(list.out).toEqual(['Demo School: localhost, 127.0.0.1 (default)', 'Second School: school2.localhost']);
  });

  it('exports each school back to the text of its pack', async () => {
    for (const [host, pack] of [
      ['localhost', demoPack],
      ['school2.localhost', secondPack],
    ] as const) {
      const folder = await tempFolder();
      const { code } = await run(['export', host, folder]);
      expect(code).toBe(0);
      expect(await filesOf(folder)).toEqual(await filesOf(pack));
    }
  });

  it('updates a changed pack in place by uid and removes what it no longer names', async () => {
    const tenantId = (await schoolOfHost(database.db, 'localhost'))!;
    const [leiBefore] = await database.db.select().from(teachers).where(eq(teachers.uid, 'wang-lei'));
    const folder = await changedPack(demoPack, {
      'teachers/wang-lei.yaml': 'name: { cn: 王磊, en: Wang Lei }\ntitle: Principal\nintroduction: Runs the school.\n',
      'teachers/zhao-min.yaml': null,
      'tags.yaml': '- uid: beginner\n  name: { cn: 入门, en: Beginners }\n',
    });
    const summary = await importFolder(folder);
    expect(summary.counts.teachers).toEqual({ created: 0, updated: 1, removed: 1 });
    expect(summary.counts.tags).toEqual({ created: 0, updated: 1, removed: 5 });
    const [leiAfter] = await database.db.select().from(teachers).where(eq(teachers.uid, 'wang-lei'));
    expect(leiAfter!.id).toBe(leiBefore!.id);
    expect(leiAfter!.title).toEqual({ cn: 'Principal', en: 'Principal' });
    expect((await exportPack(database.db, tenantId)).get('tags.yaml')).toBe(
      '- uid: beginner\n  name:\n    cn: 入门\n    en: Beginners\n',
    );

    // Back to the pack as committed: the rows it names come back, the old ones keep their ids.
    await importFolder(demoPack);
    const [leiBack] = await database.db.select().from(teachers).where(eq(teachers.uid, 'wang-lei'));
    expect(leiBack!.id).toBe(leiBefore!.id);
  });

  it('refuses a second default school and hosts of two schools, writing nothing', async () => {
    const school = await readFile(path.join(secondPack, 'school.yaml'), 'utf8');
    const otherDefault = await changedPack(secondPack, {
      'school.yaml': school
        .replace('default: false', 'default: true')
        .replace('school2.localhost', 'school3.localhost'),
    });
    const refused = await run(['import', otherDefault]);
    expect(refused.code).toBe(1);
    expect(refused.err).toEqual([
      'school.yaml:1:1 another school of this database is already the default one',
      'nothing was written',
    ]);
    const twoSchools = await changedPack(secondPack, {
      'school.yaml': school.replace('  - school2.localhost', '  - school2.localhost\n  - localhost'),
    });
    expect((await run(['import', twoSchools])).err[0]).toBe(
      'school.yaml:1:1 the hosts school2.localhost, localhost belong to 2 schools',
    );
    expect(await rowCount(tenants)).toBe(2);
    expect((await database.db.select().from(tenantHosts).where(eq(tenantHosts.host, 'school3.localhost'))).length).toBe(
      0,
    );
  });
});
