import { appendFile, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { tags } from '../db/schema.js';
import {
  categories,
  courses,
  lessonLearnings,
  lessons,
  media,
  microPages,
  tabs,
  teachers,
  tenantHosts,
  tenants,
  users,
} from '../db/schema.js';
import { exportPack, schoolOfHost } from './export-pack.js';
import { importPack } from './import-pack.js';
import { filesOf, usePackTestbed } from './pack-testing.js';
import { formatProblem, readPack } from './read-pack.js';

/*
 * Issue 23: a school's content comes in as a pack of YAML files, checked whole before anything is
 * written, imported again without changing a row, and exported back to the same text.
 */

const examples = fileURLToPath(new URL('../../../../examples/', import.meta.url));
const demoPack = path.join(examples, 'demo-school');
const secondPack = path.join(examples, 'second-school');

const testbed = usePackTestbed();
const { tempFolder, changedPack, run } = testbed;

async function importFolder(folder: string) {
  const read = await readPack(folder);
  if (read.pack === null) throw new Error(read.problems.map(formatProblem).join('\n'));
  return importPack(testbed.db, read.pack, { storage: testbed.storage });
}

const rowCount = async (table: typeof tenants | typeof teachers | typeof categories | typeof tags) =>
  (await testbed.db.select({ n: count() }).from(table))[0]!.n;

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

  it('checks what a course names: its files, their kinds, and the teachers, tags and categories of the pack', async () => {
    const course = [
      'title: Guitar',
      'cover: /mobile/seed/cover-06.svg',
      'category: music',
      'tags: [beginner]',
      'teachers: [john-smith, jane-doe]',
      'chapters:',
      '  - uid: basics',
      '    title: Basics',
      '    lessons:',
      '      - uid: one',
      '        title: One',
      '        type: VIDEO',
      '        file: ../../media/lesson.pdf',
      '      - uid: one',
      '        title: Two',
      '        type: PDF',
      '        file: ../../media/missing.pdf',
      '      - uid: three',
      '        title: Three',
      '        type: OTHER',
      '        file: ../../../outside.zip',
      '      - uid: four',
      '        title: Four',
      '        type: PODCAST',
    ].join('\n');
    const folder = await changedPack(secondPack, { 'courses/second-course-3/course.yaml': course });
    const { code, err } = await run(['import', folder, '--dry-run']);
    expect(code).toBe(1);
    const file = 'courses/second-course-3/course.yaml';
    expect(err).toEqual([
      `${file}:3:11 no course category "music" in the pack`,
      `${file}:4:8 no tag "beginner" in the pack`,
      `${file}:5:24 no teacher "jane-doe" in the pack`,
      `${file}:13:15 "../../media/lesson.pdf": this lesson plays .mp4, .m3u8 files, not .pdf`,
      `${file}:14:14 lesson uid "one" is used twice`,
      `${file}:17:15 "../../media/missing.pdf" is not in the pack`,
      `${file}:21:15 "../../../outside.zip" is outside the pack`,
      `${file}:24:15 unknown type: expected one of VIDEO, AUDIO, LIVE_RECODE, PDF, DOC, PPT, OTHER, HTML, LIVE, LIVE_NOW, LIVE_COMPLETED, ACTIVITY, EXAM, LAB`,
      '8 problems: nothing was written',
    ]);
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
      tenants: await testbed.db.select().from(tenants).orderBy(tenants.id),
      teachers: await testbed.db.select().from(teachers).orderBy(teachers.id),
      categories: await testbed.db.select().from(categories).orderBy(categories.id),
      tabs: await testbed.db.select().from(tabs).orderBy(tabs.id),
      pages: await testbed.db.select().from(microPages).orderBy(microPages.id),
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
      '  exams: 0 created, 0 updated, 0 removed',
      '  papers: 0 created, 0 updated, 0 removed',
      '  courses: 0 created, 0 updated, 0 removed',
      '  chapters: 0 created, 0 updated, 0 removed',
      '  lessons: 0 created, 0 updated, 0 removed',
      '  materials: 0 created, 0 updated, 0 removed',
      '  homework: 0 created, 0 updated, 0 removed',
      '  media files: 0, 0 uploaded (0.0 MB)',
    ]);
    expect(await rows()).toEqual(before);
    const secondAgain = await run(['import', secondPack]);
    expect(secondAgain.out[0]).toBe('school unchanged');
    expect(secondAgain.out.filter((line) => / [1-9]\d* (created|updated|removed)/.test(line))).toEqual([]);
    // Its two files are in the storage already: hashed, not uploaded again.
    expect(secondAgain.out.at(-1)).toBe('  media files: 2, 0 uploaded (0.0 MB)');

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
    const tenantId = (await schoolOfHost(testbed.db, 'localhost'))!;
    const [leiBefore] = await testbed.db.select().from(teachers).where(eq(teachers.uid, 'wang-lei'));
    const folder = await changedPack(demoPack, {
      'teachers/wang-lei.yaml': 'name: { cn: 王磊, en: Wang Lei }\ntitle: Principal\nintroduction: Runs the school.\n',
      'teachers/zhao-min.yaml': null,
      'tags.yaml': '- uid: beginner\n  name: { cn: 入门, en: Beginners }\n',
    });
    const summary = await importFolder(folder);
    expect(summary.counts.teachers).toEqual({ created: 0, updated: 1, removed: 1 });
    expect(summary.counts.tags).toEqual({ created: 0, updated: 1, removed: 5 });
    const [leiAfter] = await testbed.db.select().from(teachers).where(eq(teachers.uid, 'wang-lei'));
    expect(leiAfter!.id).toBe(leiBefore!.id);
    expect(leiAfter!.title).toEqual({ cn: 'Principal', en: 'Principal' });
    expect((await exportPack(testbed.db, tenantId)).files.get('tags.yaml')).toBe(
      '- uid: beginner\n  name:\n    cn: 入门\n    en: Beginners\n',
    );

    // Back to the pack as committed: the rows it names come back, the old ones keep their ids.
    await importFolder(demoPack);
    const [leiBack] = await testbed.db.select().from(teachers).where(eq(teachers.uid, 'wang-lei'));
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
    expect((await testbed.db.select().from(tenantHosts).where(eq(tenantHosts.host, 'school3.localhost'))).length).toBe(
      0,
    );
  });
});

describe('a school’s courses', () => {
  const lessonOf = async (uid: string) => (await testbed.db.select().from(lessons).where(eq(lessons.uid, uid)))[0]!;

  it('uploads a changed media file again, under its new hash, and leaves the unchanged one', async () => {
    const folder = await changedPack(secondPack, {});
    await appendFile(path.join(folder, 'media', 'lesson.pdf'), '\n% a corrected handout\n');
    const before = await lessonOf('composition-notes');
    const { code, out } = await run(['import', folder]);
    expect(code).toBe(0);
    expect(out).toContain('  lessons: 0 created, 0 updated, 0 removed');
    expect(out.at(-1)).toBe('  media files: 2, 1 uploaded (0.0 MB)');
    const after = await lessonOf('composition-notes');
    // The lesson keeps its media row; the row now names the new file.
    expect(after.mediaId).toBe(before.mediaId);
    const [row] = await testbed.db.select().from(media).where(eq(media.id, after.mediaId!));
    expect(row!.files[0]!.key).toMatch(/^pack\/[0-9a-f]{64}\.pdf$/);
    expect(row!.pageCount).toBe(4);
    expect(await testbed.storage.size(row!.files[0]!.key)).toBe(row!.files[0]!.size);
    expect((await run(['import', secondPack])).out.at(-1)).toBe('  media files: 2, 0 uploaded (0.0 MB)');
  });

  it('unpublishes a lesson the pack no longer has, keeping the learner’s progress, and publishes it again when it comes back', async () => {
    const notes = await lessonOf('composition-notes');
    const tenantId = (await schoolOfHost(testbed.db, 'school2.localhost'))!;
    const [learner] = await testbed.db
      .insert(users)
      .values({ tenantId, username: 'pack-learner', nickname: 'Pack learner' })
      .returning({ id: users.id });
    await testbed.db
      .insert(lessonLearnings)
      .values({ lessonId: notes.id, userId: learner!.id, status: 'LEARNING', position: 2, furthest: 2 });

    const course = await readFile(path.join(secondPack, 'courses/second-course-3/course.yaml'), 'utf8');
    const withoutNotes = course.slice(0, course.indexOf('      - uid: composition-notes'));
    const folder = await changedPack(secondPack, { 'courses/second-course-3/course.yaml': withoutNotes });
    const { out } = await run(['import', folder]);
    expect(out).toContain('  lessons: 0 created, 0 updated, 1 removed');

    const unpublished = await lessonOf('composition-notes');
    expect(unpublished.id).toBe(notes.id);
    expect(unpublished.status).toBe('UNPUBLISHED');
    const [courseRow] = await testbed.db.select().from(courses).where(eq(courses.id, notes.courseId));
    expect(courseRow!.lessonCount).toBe(1);
    expect(await testbed.db.select().from(lessonLearnings).where(eq(lessonLearnings.lessonId, notes.id))).toHaveLength(
      1,
    );
    // An export writes what learners see: the lesson is gone from it.
    const exported = await exportPack(testbed.db, tenantId);
    expect(exported.files.get('courses/second-course-3/course.yaml')).toBe(withoutNotes);
    expect([...exported.media.keys()]).toEqual(['media/lesson.mp4']);

    await run(['import', secondPack]);
    const back = await lessonOf('composition-notes');
    expect({ id: back.id, status: back.status }).toEqual({ id: notes.id, status: 'PUBLISHED' });
  });
});
