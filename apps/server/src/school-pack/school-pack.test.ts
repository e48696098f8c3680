import { createHash, randomUUID } from 'node:crypto';
import { appendFile, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { and, count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { tags } from '../db/schema.js';
import {
  articles,
  categories,
  classroomAnnouncements,
  classroomMembers,
  classrooms,
  coupons,
  courseMembers,
  courses,
  lessonLearnings,
  lessons,
  media,
  microPages,
  notificationSettings,
  orders,
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
 * Decision 019: a school's content comes in as a pack of YAML files, checked whole before anything is
 * written, imported again without changing a row, and exported back to the same text.
 */

const examples = fileURLToPath(new URL('../../../../examples/', import.meta.url));
const demoPack = path.join(examples, 'demo-school');
const secondPack = path.join(examples, 'second-school');
/** The changes that leave only a pack's school, teachers, categories and tags. */
const withoutCatalogue = { courses: null, exams: null, classrooms: null, articles: null, 'coupons.yaml': null };

const testbed = usePackTestbed();
const { tempFolder, changedPack, run } = testbed;

async function importFolder(folder: string) {
  const read = await readPack(folder);
  if (read.pack === null) throw new Error(read.problems.map(formatProblem).join('\n'));
  return importPack(testbed.db, read.pack, { storage: testbed.storage });
}

const rowCount = async (
  table:
    | typeof tenants
    | typeof teachers
    | typeof categories
    | typeof tags
    | typeof classrooms
    | typeof articles
    | typeof coupons,
) => (await testbed.db.select({ n: count() }).from(table))[0]!.n;

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
      // Without its courses and the rest, whose own problems with these changes would crowd the list.
      ...withoutCatalogue,
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
      '  classrooms: 0 created, 0 updated, 0 removed',
      '  articles: 0 created, 0 updated, 0 removed',
      '  coupons: 0 created, 0 updated, 0 removed',
      // 95 files of the pack, and the 4 pages of its PDF drawn as images with their texts (decision 029).
      '  media files: 103, 0 uploaded (0.0 MB)',
    ]);
    expect(await rows()).toEqual(before);
    const secondAgain = await run(['import', secondPack]);
    expect(secondAgain.out[0]).toBe('school unchanged');
    expect(secondAgain.out.filter((line) => / [1-9]\d* (created|updated|removed)/.test(line))).toEqual([]);
    // Its two files and its PDF's four page images and texts are in the storage already: hashed, not uploaded again.
    expect(secondAgain.out.at(-1)).toBe('  media files: 10, 0 uploaded (0.0 MB)');

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
      // The pack's READMEs say how its media were made: the school is the rest.
      const packFiles = Object.entries(await filesOf(pack)).filter(([name]) => !name.endsWith('README.md'));
      expect(await filesOf(folder)).toEqual(Object.fromEntries(packFiles));
    }
  });

  it('updates a changed pack in place by uid and removes what it no longer names', async () => {
    const tenantId = (await schoolOfHost(testbed.db, 'localhost'))!;
    const [leiBefore] = await testbed.db.select().from(teachers).where(eq(teachers.uid, 'wang-lei'));
    const folder = await changedPack(demoPack, {
      // The courses and exams name the teacher and tags it drops.
      ...withoutCatalogue,
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

  it('sets the school’s WeChat template ids, exports them while set, and clears them when the pack drops them', async () => {
    const tenantId = (await schoolOfHost(testbed.db, 'localhost'))!;
    const school = await readFile(path.join(demoPack, 'school.yaml'), 'utf8');
    const templates = 'notifications:\n  wechatTemplates:\n    EXAM_GRADED: tmpl-graded\n';
    const templatesOf = async () =>
      (await testbed.db.select().from(notificationSettings).where(eq(notificationSettings.tenantId, tenantId)))[0]
        ?.wechatTemplates ?? {};
    await importFolder(await changedPack(demoPack, { 'school.yaml': `${school}${templates}` }));
    expect(await templatesOf()).toEqual({ EXAM_GRADED: 'tmpl-graded' });
    expect((await exportPack(testbed.db, tenantId)).files.get('school.yaml')).toContain(
      'notifications:\n  wechatTemplates:\n    EXAM_GRADED: tmpl-graded\n',
    );
    await importFolder(demoPack);
    expect(await templatesOf()).toEqual({});
    expect((await exportPack(testbed.db, tenantId)).files.get('school.yaml')).not.toContain('notifications');
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
    // The PDF's pages look the same: their images are the ones stored.
    expect(out.at(-1)).toBe('  media files: 10, 1 uploaded (0.0 MB)');
    const after = await lessonOf('composition-notes');
    // The lesson keeps its media row; the row now names the new file.
    expect(after.mediaId).toBe(before.mediaId);
    const [row] = await testbed.db.select().from(media).where(eq(media.id, after.mediaId!));
    expect(row!.files[0]!.key).toMatch(/^pack\/[0-9a-f]{64}\.pdf$/);
    expect(row!.pageCount).toBe(4);
    expect(await testbed.storage.size(row!.files[0]!.key)).toBe(row!.files[0]!.size);
    // Its pages drawn as images at the import, stored by their hash beside it (decision 029).
    expect(row!.pageImages.map(({ key, name, width, height }) => [key.slice(-5), name, width, height])).toEqual(
      [1, 2, 3, 4].map((n) => ['.webp', `page-${n}.webp`, 1080, 1528]),
    );
    for (const image of row!.pageImages) expect(await testbed.storage.size(image.key)).toBe(image.size);
    // And each page's text, for screen readers, stored the same way.
    expect(row!.pageImages.map((image) => [image.text?.name, image.text?.contentType])).toEqual(
      [1, 2, 3, 4].map((n) => [`page-${n}.txt`, 'text/plain; charset=utf-8']),
    );
    for (const image of row!.pageImages) expect(await testbed.storage.size(image.text!.key)).toBe(image.text!.size);
    expect((await run(['import', secondPack])).out.at(-1)).toBe('  media files: 10, 0 uploaded (0.0 MB)');
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
      .values({ lessonId: notes.id, userId: learner!.id, status: 'COMPLETED', position: 4, furthest: 4 });
    await testbed.db
      .insert(courseMembers)
      .values({ tenantId, courseId: notes.courseId, userId: learner!.id, joinedAt: new Date(), learnedLessonCount: 1 });
    const learnedCount = async () =>
      (await testbed.db.select().from(courseMembers).where(eq(courseMembers.userId, learner!.id)))[0]!
        .learnedLessonCount;

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
    // The member's progress counts the course's published lessons only.
    expect(await learnedCount()).toBe(0);
    // An export writes what learners see: the lesson is gone from it.
    const exported = await exportPack(testbed.db, tenantId);
    expect(exported.files.get('courses/second-course-3/course.yaml')).toBe(withoutNotes);
    expect([...exported.media.keys()]).toEqual(['media/lesson.mp4']);

    await run(['import', secondPack]);
    const back = await lessonOf('composition-notes');
    expect({ id: back.id, status: back.status }).toEqual({ id: notes.id, status: 'PUBLISHED' });
    expect(await learnedCount()).toBe(1);
  });
});

describe('a school’s classrooms, articles and coupons', () => {
  const classroomFile = 'classrooms/weekend-hobby-class.yaml';
  const article = [
    'title:',
    '  cn: 春季学期开课',
    '  en: The spring term starts',
    'summary: Three new courses and a weekend class.',
    'author:',
    '  cn: 教务处',
    '  en: Academic office',
    'cover: /mobile/seed/cover-03.svg',
    'publishedAt: 2027-02-20T02:00:00Z',
    'recommended: 1',
    'content: <p>Enrol from 1 January.</p>',
    '',
  ].join('\n');
  /** The second school with an article: every kind of this part in one pack. */
  let withArticle: string;
  const classroomOf = async (uid: string) =>
    (await testbed.db.select().from(classrooms).where(eq(classrooms.uid, uid)))[0]!;
  const couponOf = async (uid: string) => (await testbed.db.select().from(coupons).where(eq(coupons.uid, uid)))[0];
  const articleRow = async () => (await testbed.db.select().from(articles).where(eq(articles.uid, 'spring-term')))[0]!;

  it('checks what classrooms, articles and coupons say and name, with every problem found together', async () => {
    const folder = await changedPack(secondPack, {
      'classrooms/bad-class.yaml': [
        'cover: /mobile/seed/cover-07.svg',
        'motto: Learn together',
        'category: hobbies',
        'enrolStartsAt: 2027-02-01T00:00:00Z',
        'enrolEndsAt: 2027-01-01T00:00:00Z',
        'courses: [second-course-2, cooking-advanced, second-course-2]',
        'teachers: [jane-doe]',
        'announcements:',
        '  - postedAt: 2027-02-20T01:00:00Z',
        '    title: First',
        '    content: <p>One</p>',
        '  - postedAt: 2027-02-19T01:00:00Z',
        '    title: { cn: 第二 }',
        '    content: <p>Two</p>',
      ].join('\n'),
      'articles/bad-news.yaml': 'title: News\nsummary: { en: Only English }\npublishedAt: 2027-02-20T02:00:00Z\n',
      'coupons.yaml': [
        '- uid: spring',
        '  title: Spring',
        '  discount: 8.5',
        '  amountOff: 5',
        '  appliesTo: COURSE',
        '  product: cooking-advanced',
        '- uid: spring',
        '  title: Again',
        '  appliesTo: CLASSROOM',
        '  product: no-such-class',
      ].join('\n'),
    });
    const before = [await rowCount(classrooms), await rowCount(articles), await rowCount(coupons)];
    const { code, err } = await run(['import', folder]);
    expect(code).toBe(1);
    const bad = 'classrooms/bad-class.yaml';
    expect(err).toEqual([
      'articles/bad-news.yaml:1:1 "content" is missing',
      'articles/bad-news.yaml:2:10 "summary" has no cn text',
      `${bad}:1:1 "title" is missing`,
      `${bad}:2:1 unknown key "motto"`,
      `${bad}:3:11 no classroom category "hobbies" in the pack`,
      `${bad}:5:14 the enrolment must end after it starts (enrolStartsAt)`,
      `${bad}:6:28 no course "cooking-advanced" in the pack`,
      `${bad}:6:46 course uid "second-course-2" is used twice`,
      `${bad}:7:12 no teacher "jane-doe" in the pack`,
      `${bad}:12:15 announcements go oldest first: this one is not after the one before it`,
      `${bad}:13:12 "title" has no en text`,
      'coupons.yaml:4:14 a coupon takes a "discount" or an "amountOff", not both',
      'coupons.yaml:6:12 no course "cooking-advanced" in the pack',
      'coupons.yaml:7:3 a coupon takes a "discount" or an "amountOff"',
      'coupons.yaml:7:8 coupon uid "spring" is used twice',
      'coupons.yaml:10:12 no classroom "no-such-class" in the pack',
      '16 problems: nothing was written',
    ]);
    expect([await rowCount(classrooms), await rowCount(articles), await rowCount(coupons)]).toEqual(before);
  });

  it('imports them, changes nothing the second time, and exports them back to the same text', async () => {
    withArticle = await changedPack(secondPack, { 'articles/spring-term.yaml': article });
    const first = await run(['import', withArticle]);
    expect(first.out).toContain('  articles: 1 created, 0 updated, 0 removed');
    const classroom = await classroomOf('weekend-hobby-class');
    expect(classroom).toMatchObject({
      status: 'PUBLISHED',
      priceCents: 3900,
      originalPriceCents: 4500,
      courseCount: 2,
      maxStudents: 20,
      enrolEndTime: new Date('2027-02-26T00:00:00Z'),
    });
    expect(await couponOf('guitar-spring')).toMatchObject({
      code: 'guitar-spring',
      discountTenths: 85,
      amountOffCents: null,
    });

    const rows = async () => ({
      classrooms: await testbed.db.select().from(classrooms).orderBy(classrooms.id),
      announcements: await testbed.db.select().from(classroomAnnouncements).orderBy(classroomAnnouncements.id),
      articles: await testbed.db.select().from(articles).orderBy(articles.id),
      coupons: await testbed.db.select().from(coupons).orderBy(coupons.id),
    });
    const before = await rows();
    const again = await run(['import', withArticle]);
    expect(again.out.filter((line) => / [1-9]\d* (created|updated|removed)/.test(line))).toEqual([]);
    expect(again.out).toContain('  classrooms: 0 created, 0 updated, 0 removed');
    expect(await rows()).toEqual(before);

    const exported = await tempFolder();
    expect((await run(['export', 'school2.localhost', exported])).code).toBe(0);
    expect(await filesOf(exported)).toEqual(await filesOf(withArticle));
  });

  it('keeps what learners have when the pack drops them: the classroom and article are unpublished, a used coupon expires', async () => {
    const tenantId = (await schoolOfHost(testbed.db, 'school2.localhost'))!;
    const classroom = await classroomOf('weekend-hobby-class');
    const [learner] = await testbed.db
      .insert(users)
      .values({ tenantId, username: 'class-learner', nickname: 'Class learner' })
      .returning({ id: users.id });
    await testbed.db
      .insert(classroomMembers)
      .values({ tenantId, classroomId: classroom.id, userId: learner!.id, joinedAt: new Date('2027-01-05T00:00:00Z') });
    // Counters learners make, which no import touches.
    await testbed.db
      .update(classrooms)
      .set({ studentCount: 1, ratingCount: 1, ratingTotal: 5 })
      .where(eq(classrooms.id, classroom.id));
    await testbed.db.update(articles).set({ viewCount: 7 }).where(eq(articles.uid, 'spring-term'));
    const guitar = (await couponOf('guitar-spring'))!;
    const [guitarCourse] = await testbed.db.select().from(courses).where(eq(courses.uid, 'second-course-3'));
    await testbed.db.insert(orders).values({
      tenantId,
      tradeNo: 'PACK-COUPON-1',
      userId: learner!.id,
      productType: 'COURSE',
      productId: guitarCourse!.id,
      productTitle: guitarCourse!.title,
      productCover: guitarCourse!.cover,
      priceCents: 3000,
      discountCents: 450,
      payableCents: 2550,
      couponId: guitar.id,
      status: 'PAID',
      idempotencyKey: randomUUID(),
      expiresAt: new Date(),
      paidAt: new Date(),
    });

    const without = await changedPack(withArticle, {
      [classroomFile]: null,
      'articles/spring-term.yaml': null,
      'coupons.yaml': null,
    });
    const removed = await run(['import', without]);
    expect(removed.out).toEqual(
      expect.arrayContaining([
        '  classrooms: 0 created, 0 updated, 1 removed',
        '  articles: 0 created, 0 updated, 1 removed',
        '  coupons: 0 created, 0 updated, 2 removed',
      ]),
    );
    const unpublished = await classroomOf('weekend-hobby-class');
    expect(unpublished).toMatchObject({ id: classroom.id, status: 'UNPUBLISHED', studentCount: 1, ratingCount: 1 });
    expect(
      await testbed.db.select().from(classroomMembers).where(eq(classroomMembers.classroomId, classroom.id)),
    ).toHaveLength(1);
    expect(await articleRow()).toMatchObject({ published: false, viewCount: 7 });
    // The coupon an order was paid with stays, expired; the unused one is gone.
    const expired = (await couponOf('guitar-spring'))!;
    expect(expired.id).toBe(guitar.id);
    expect(expired.validUntil!.getTime()).toBeLessThanOrEqual(Date.now());
    expect(await couponOf('class-welcome')).toBeUndefined();
    const [order] = await testbed.db.select().from(orders).where(eq(orders.tradeNo, 'PACK-COUPON-1'));
    expect(order!.couponId).toBe(guitar.id);

    const removedAgain = await run(['import', without]);
    expect(removedAgain.out.filter((line) => / [1-9]\d* (created|updated|removed)/.test(line))).toEqual([]);
    const exported = await exportPack(testbed.db, tenantId);
    expect([...exported.files.keys()].filter((file) => /^(classrooms|articles|coupons)/.test(file))).toEqual([]);

    // A coupon no pack made, with the code of one the pack names: the pack takes it over.
    const [handMade] = await testbed.db
      .insert(coupons)
      .values({
        tenantId,
        title: { cn: '旧优惠', en: 'Old offer' },
        code: 'class-welcome',
        amountOffCents: 100,
        targetType: 'CLASSROOM',
      })
      .returning({ id: coupons.id });

    // Named again, they come back with their ids and their counters.
    const back = await run(['import', withArticle]);
    expect(back.out).toEqual(
      expect.arrayContaining([
        '  classrooms: 0 created, 1 updated, 0 removed',
        '  articles: 0 created, 1 updated, 0 removed',
        '  coupons: 0 created, 2 updated, 0 removed',
      ]),
    );
    expect(await couponOf('class-welcome')).toMatchObject({ id: handMade!.id, amountOffCents: 500 });
    expect(await classroomOf('weekend-hobby-class')).toMatchObject({
      id: classroom.id,
      status: 'PUBLISHED',
      studentCount: 1,
    });
    expect(await articleRow()).toMatchObject({ published: true, viewCount: 7 });
    expect((await couponOf('guitar-spring'))!.validUntil).toEqual(new Date('2030-06-01T00:00:00Z'));
  });

  it('updates a classroom in place: an edited announcement keeps its id, and members join a course it adds', async () => {
    const classroom = await classroomOf('weekend-hobby-class');
    const [announcement] = await testbed.db
      .select()
      .from(classroomAnnouncements)
      .where(eq(classroomAnnouncements.classroomId, classroom.id));
    const [jsCourse] = await testbed.db.select().from(courses).where(eq(courses.uid, 'javascript-from-zero'));
    const text = await readFile(path.join(withArticle, classroomFile), 'utf8');
    const changed = await changedPack(withArticle, {
      [classroomFile]: text
        .replace('  - second-course-3\n', '  - second-course-3\n  - javascript-from-zero\n')
        .replace('Bring a frying pan', 'Bring a frying pan and an apron'),
    });
    const { out } = await run(['import', changed]);
    expect(out).toContain('  classrooms: 0 created, 1 updated, 0 removed');

    const [edited] = await testbed.db
      .select()
      .from(classroomAnnouncements)
      .where(eq(classroomAnnouncements.classroomId, classroom.id));
    expect(edited!.id).toBe(announcement!.id);
    expect(edited!.content.en).toBe('<p>Bring a frying pan and an apron to the first lesson.</p>');
    expect((await classroomOf('weekend-hobby-class')).courseCount).toBe(3);
    // The classroom's member (the learner of the test before) now studies the added course.
    const [member] = await testbed.db
      .select()
      .from(classroomMembers)
      .where(eq(classroomMembers.classroomId, classroom.id));
    const [joined] = await testbed.db
      .select()
      .from(courseMembers)
      .where(and(eq(courseMembers.courseId, jsCourse!.id), eq(courseMembers.userId, member!.userId)));
    expect(joined!.joinedAt).toEqual(member!.joinedAt);
    const [jsAfter] = await testbed.db.select().from(courses).where(eq(courses.id, jsCourse!.id));
    expect(jsAfter!.studentCount).toBe(jsCourse!.studentCount + 1);
  });
});

describe('a school’s pictures', () => {
  const svg = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 4 3"><rect width="4" height="3"/></svg>\n';
  const teacherFile = 'teachers/john-smith.yaml';
  const courseFile = 'courses/second-course-2/course.yaml';

  it('stores the pictures a pack names as its files, by hash, and exports them back where they were', async () => {
    const teacher = await readFile(path.join(secondPack, teacherFile), 'utf8');
    const course = await readFile(path.join(secondPack, courseFile), 'utf8');
    const folder = await changedPack(secondPack, {
      [teacherFile]: `${teacher}avatar: ../images/john.svg\n`,
      'images/john.svg': svg,
      [courseFile]: course.replace(/^cover: .*$/m, 'cover: cover.svg'),
      'courses/second-course-2/cover.svg': svg.replace('<rect', '<circle r="1"'),
    });
    expect((await run(['import', folder])).code).toBe(0);
    const [john] = await testbed.db.select().from(teachers).where(eq(teachers.uid, 'john-smith'));
    const avatar = /^\/api\/images\/([0-9a-f]{64})\.svg\/images\/john\.svg$/.exec(john!.avatar ?? '');
    expect(avatar, john!.avatar ?? 'no avatar').not.toBeNull();
    expect(avatar![1]).toBe(createHash('sha256').update(svg).digest('hex'));
    expect(await testbed.storage.size(`pack/${avatar![1]}.svg`)).toBe(Buffer.byteLength(svg));
    const [cover] = await testbed.db.select().from(courses).where(eq(courses.uid, 'second-course-2'));
    expect(cover!.cover).toMatch(/^\/api\/images\/[0-9a-f]{64}\.svg\/courses\/second-course-2\/cover\.svg$/);

    // Importing it again changes nothing; export writes the texts and both files back.
    expect((await run(['import', folder])).out[0]).toBe('school unchanged');
    const exported = await tempFolder();
    expect((await run(['export', 'school2.localhost', exported])).code).toBe(0);
    expect(await filesOf(exported)).toEqual(await filesOf(folder));

    await run(['import', secondPack]);
  });

  it('refuses a picture that is not in the pack, outside it, or not a picture, at its place', async () => {
    const teacher = await readFile(path.join(secondPack, teacherFile), 'utf8');
    const folder = await changedPack(secondPack, {
      [teacherFile]: `${teacher}avatar: ../images/nobody.png\n`,
      'teachers/extra.yaml': 'name: Extra\ntitle: Teacher\navatar: ../../outside.svg\n',
      'teachers/notes.yaml': 'name: Notes\ntitle: Teacher\navatar: notes.txt\n',
    });
    const { code, err } = await run(['import', folder]);
    expect(code).toBe(1);
    const line = teacher.split('\n').length;
    expect(err).toEqual([
      'teachers/extra.yaml:3:9 "../../outside.svg" is outside the pack',
      `${teacherFile}:${line}:9 "../images/nobody.png" is not in the pack`,
      'teachers/notes.yaml:3:9 "avatar": an image is a file of the pack (.png, .jpg, .webp, .gif or .svg), a path on this site (starting with /) or an https:// address',
      '3 problems: nothing was written',
    ]);
  });
});
