import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { courseLectureListSchema, lectureDetailSchema } from '@school/contract/courses';
import { servedFilePaths } from '@school/contract/paths';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { courseLectures, media, type MediaFile } from '../../db/schema.js';
import { demoCourseUid as courseUid } from '../../demo-data/demo-learning-scenarios.js';
import { demoAccounts } from '../../demo-data/demo-accounts.js';
import { contentDisposition } from '../../lib/media-response.js';
import { createLocalMediaStorage, type MediaStorage } from '../../providers/storage/media-storage.js';
import { newAccount } from '../../testing/accounts.js';
import { get, login, post, secondSite } from '../../testing/site.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { courseByUid, expireMembership, loginLearner, loginNewbie } from './courses-testing.js';
import { viewerOf } from './courses.service.js';

/*
 * Course materials: the list and detail say how each one opens, and the file route hands the
 * bytes (whole or by range) to members only, checked on every request. The lectures are
 * arranged here, with their bytes in a storage of this file's own.
 */

let t: TestApp;
let dir: string;
let storage: MediaStorage;
let learnerCookie: string;
let newbieCookie: string;

// The demo learner is a member of both; the second school has a course with the same uid as `owned`.
const owned = courseUid(0);
const otherOwned = courseUid(5);

interface Arranged {
  id: number;
  bytes: Buffer;
  file: MediaFile;
}
const lecture: Record<'pdf' | 'image' | 'zip' | 'text' | 'missing', Arranged> = {} as never;
let otherCourseLectureId: number;

async function arrangeLecture(
  uid: string,
  seq: number,
  input: { key: string; name: string; contentType: string; bytes: Buffer; pageCount?: number; stored?: boolean },
): Promise<Arranged> {
  const course = await courseByUid(t, uid);
  const file = { key: input.key, name: input.name, contentType: input.contentType, size: input.bytes.length };
  if (input.stored !== false) await storage.put(input.key, input.bytes, input.contentType);
  const [row] = await t.db
    .insert(media)
    .values({ tenantId: course.tenantId, format: 'FILE', files: [file], pageCount: input.pageCount ?? null })
    .returning({ id: media.id });
  const [lectureRow] = await t.db
    .insert(courseLectures)
    .values({
      courseId: course.id,
      seq,
      title: { cn: `讲义 ${seq}`, en: `Handout ${seq}` },
      fileName: input.name,
      sizeBytes: input.bytes.length,
      mediaId: row!.id,
    })
    .returning({ id: courseLectures.id });
  return { id: lectureRow!.id, bytes: input.bytes, file };
}

const pattern = (length: number) => Buffer.from(Array.from({ length }, (_, i) => (i * 7) % 256));

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'course-lectures-'));
  storage = createLocalMediaStorage(dir);
  t = await createTestApp({}, { mediaStorage: storage });
  [learnerCookie, newbieCookie] = [await loginLearner(t), await loginNewbie(t)];
  // Whatever the seed gives this course, the expectations below are about these alone.
  await t.db.delete(courseLectures).where(eq(courseLectures.courseId, (await courseByUid(t, owned)).id));
  const tenant = (await courseByUid(t, owned)).tenantId;
  lecture.pdf = await arrangeLecture(owned, 1, {
    key: `${tenant}/lecture-test/handout.pdf`,
    name: '课程讲义 (1).pdf',
    contentType: 'application/pdf',
    bytes: Buffer.concat([Buffer.from('%PDF-1.4\n'), pattern(3000)]),
    pageCount: 3,
  });
  lecture.image = await arrangeLecture(owned, 2, {
    key: `${tenant}/lecture-test/map.png`,
    name: 'map.png',
    contentType: 'image/png',
    bytes: pattern(500),
  });
  lecture.zip = await arrangeLecture(owned, 3, {
    key: `${tenant}/lecture-test/exercises.zip`,
    name: 'exercises.zip',
    contentType: 'application/zip',
    bytes: pattern(900),
  });
  lecture.text = await arrangeLecture(owned, 4, {
    key: `${tenant}/lecture-test/reading.txt`,
    name: 'reading.txt',
    contentType: 'text/plain; charset=utf-8',
    bytes: Buffer.from('plain words to read. '.repeat(300)),
  });
  lecture.missing = await arrangeLecture(owned, 5, {
    key: `${tenant}/lecture-test/gone.pdf`,
    name: 'gone.pdf',
    contentType: 'application/pdf',
    bytes: pattern(10),
    stored: false,
  });
  // A lecture whose media was deleted: nothing to open, so not listed.
  await t.db.insert(courseLectures).values({
    courseId: (await courseByUid(t, owned)).id,
    seq: 6,
    title: { cn: '无文件', en: 'No file' },
    fileName: 'none.pdf',
    sizeBytes: 1,
    mediaId: null,
  });
  otherCourseLectureId = (
    await arrangeLecture(otherOwned, 1, {
      key: `${tenant}/lecture-test/other.pdf`,
      name: 'other.pdf',
      contentType: 'application/pdf',
      bytes: pattern(20),
    })
  ).id;
});
afterAll(async () => {
  await t.close();
  await rm(dir, { recursive: true, force: true });
});

const fileUrl = (id: number, uid = owned) => servedFilePaths.courseLectureFile(uid, id);

describe('viewerOf', () => {
  it.each([
    ['application/pdf', 'PDF'],
    ['Application/PDF; charset=binary', 'PDF'],
    ['image/png', 'IMAGE'],
    ['image/webp', 'IMAGE'],
    ['application/zip', 'FILE'],
    ['text/plain', 'FILE'],
    ['video/mp4', 'FILE'],
  ])('%s opens as %s', (type, viewer) => {
    expect(viewerOf(type)).toBe(viewer);
  });
});

describe('GET /api/courses/{uid}/lectures', () => {
  it('lists the materials in order with their file route and viewer, leaving out one without a file', async () => {
    const res = await get(t, `/api/courses/${owned}/lectures`, learnerCookie);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const { items } = courseLectureListSchema.parse(res.json());
    expect(items).toEqual(
      [
        [lecture.pdf, 1, 'PDF'],
        [lecture.image, 2, 'IMAGE'],
        [lecture.zip, 3, 'FILE'],
        [lecture.text, 4, 'FILE'],
        [lecture.missing, 5, 'PDF'],
      ].map(([arranged, seq, viewer]) => {
        const { id, file } = arranged as Arranged;
        return { id, title: `Handout ${String(seq)}`, fileName: file.name, size: file.size, url: fileUrl(id), viewer };
      }),
    );
    const zh = courseLectureListSchema.parse(
      (await get(t, `/api/courses/${owned}/lectures`, learnerCookie, { 'accept-language': 'zh' })).json(),
    );
    expect(zh.items[0]?.title).toBe('讲义 1');
  });
});

describe('GET /api/courses/{uid}/lectures/{id}', () => {
  it('gives one lecture with its course and page count', async () => {
    const course = await courseByUid(t, owned);
    const res = await get(t, `/api/courses/${owned}/lectures/${lecture.pdf.id}`, learnerCookie);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(lectureDetailSchema.parse(res.json())).toEqual({
      id: lecture.pdf.id,
      title: 'Handout 1',
      fileName: '课程讲义 (1).pdf',
      size: lecture.pdf.bytes.length,
      url: fileUrl(lecture.pdf.id),
      viewer: 'PDF',
      course: { uid: owned, title: course.title.en },
      pageCount: 3,
    });
    const image = lectureDetailSchema.parse(
      (await get(t, `/api/courses/${owned}/lectures/${lecture.image.id}`, learnerCookie)).json(),
    );
    expect(image).toMatchObject({ viewer: 'IMAGE', pageCount: null });
  });

  it("answers 404 notFound for another course's lecture and an unknown one", async () => {
    for (const id of [otherCourseLectureId, 2_000_000_000]) {
      const res = await get(t, `/api/courses/${owned}/lectures/${id}`, learnerCookie);
      expect([res.statusCode, res.json().code]).toEqual([404, 'notFound']);
    }
  });
});

describe('GET /api/courses/{uid}/lectures/{id}/file', () => {
  it('sends a PDF inline, whole, with its type, name, length and range support', async () => {
    const res = await get(t, fileUrl(lecture.pdf.id), learnerCookie, { 'accept-encoding': 'gzip, br' });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(lecture.pdf.bytes)).toBe(true);
    expect(res.headers).toMatchObject({
      'content-type': 'application/pdf',
      'content-length': String(lecture.pdf.bytes.length),
      'content-disposition': contentDisposition('inline', '课程讲义 (1).pdf'),
      'accept-ranges': 'bytes',
      'cache-control': 'private, no-cache',
      'x-content-type-options': 'nosniff',
    });
    expect(res.headers['content-disposition']).toContain(
      `filename*=UTF-8''%E8%AF%BE%E7%A8%8B%E8%AE%B2%E4%B9%89%20%281%29.pdf`,
    );
  });

  it('serves a range with 206 and answers 416 past the end', async () => {
    const part = await get(t, fileUrl(lecture.pdf.id), learnerCookie, { range: 'bytes=0-8' });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 0-8/${lecture.pdf.bytes.length}`);
    expect(part.body).toBe('%PDF-1.4\n');
    const past = await get(t, fileUrl(lecture.pdf.id), learnerCookie, {
      range: `bytes=${lecture.pdf.bytes.length}-`,
    });
    expect(past.statusCode).toBe(416);
    expect(past.headers['content-range']).toBe(`bytes */${lecture.pdf.bytes.length}`);
  });

  it('shows an image inline and saves anything else as a download', async () => {
    const image = await get(t, fileUrl(lecture.image.id), learnerCookie);
    expect([image.statusCode, image.headers['content-type']]).toEqual([200, 'image/png']);
    expect(image.headers['content-disposition']).toMatch(/^inline; filename="map.png"/);
    const zip = await get(t, fileUrl(lecture.zip.id), learnerCookie);
    expect(zip.headers['content-disposition']).toMatch(/^attachment; filename="exercises.zip"/);
    expect(zip.rawPayload.equals(lecture.zip.bytes)).toBe(true);
  });

  it('never compresses a file (ranges are byte offsets of the stored file)', async () => {
    const res = await get(t, fileUrl(lecture.text.id), learnerCookie, { 'accept-encoding': 'gzip, br' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.rawPayload.equals(lecture.text.bytes)).toBe(true);
    const part = await get(t, fileUrl(lecture.text.id), learnerCookie, {
      'accept-encoding': 'gzip',
      range: 'bytes=6-10',
    });
    expect([part.statusCode, part.body, part.headers['content-encoding']]).toEqual([206, 'words', undefined]);
  });

  it('answers HEAD with the headers only', async () => {
    const res = await t.app.inject({
      method: 'HEAD',
      url: fileUrl(lecture.pdf.id),
      headers: { cookie: learnerCookie },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-length']).toBe(String(lecture.pdf.bytes.length));
    expect(res.body).toBe('');
  });

  it('answers 404 notFound when the stored file is missing, or the lecture belongs to another course', async () => {
    const missing = await get(t, fileUrl(lecture.missing.id), learnerCookie);
    expect([missing.statusCode, missing.json().code]).toEqual([404, 'notFound']);
    const other = await get(t, fileUrl(otherCourseLectureId), learnerCookie);
    expect([other.statusCode, other.json().code]).toEqual([404, 'notFound']);
    // Its own course serves it.
    expect((await get(t, fileUrl(otherCourseLectureId, otherOwned), learnerCookie)).statusCode).toBe(200);
  });
});

describe('who may open lectures', () => {
  const urls = () => [
    `/api/courses/${owned}/lectures`,
    `/api/courses/${owned}/lectures/${lecture.pdf.id}`,
    fileUrl(lecture.pdf.id),
  ];

  it('refuses a visitor with 401 unauthorized', async () => {
    for (const url of urls()) {
      const res = await get(t, url);
      expect([res.statusCode, res.json().code], url).toEqual([401, 'unauthorized']);
    }
  });

  it('refuses a non-member with 403 notCourseMember', async () => {
    for (const url of urls()) {
      const res = await get(t, url, newbieCookie, { range: 'bytes=0-1' });
      expect([res.statusCode, res.json().code], url).toEqual([403, 'notCourseMember']);
      expect(res.headers['cache-control']).toBe('no-store');
    }
  });

  it('refuses a member whose membership has ended with 403 memberExpired, on every request', async () => {
    const account = await newAccount(t);
    expect((await post(t, `/api/courses/${owned}/join`, account.cookie)).statusCode).toBe(201);
    expect((await get(t, fileUrl(lecture.pdf.id), account.cookie)).statusCode).toBe(200);
    await expireMembership(t, owned, account.id);
    for (const url of urls()) {
      const res = await get(t, url, account.cookie);
      expect([res.statusCode, res.json().code], url).toEqual([403, 'memberExpired']);
    }
  });

  it("never serves one school's lecture through another school's course of the same uid", async () => {
    const elsewhere = await login(t, demoAccounts.secondSchoolLearner, secondSite);
    const joined = await post(t, `/api/courses/${owned}/join`, elsewhere, undefined, secondSite);
    expect([201, 409]).toContain(joined.statusCode);
    const list = await get(t, `/api/courses/${owned}/lectures`, elsewhere, { host: secondSite.host });
    expect(list.json()).toEqual({ items: [] });
    for (const url of urls().slice(1)) {
      const res = await get(t, url, elsewhere, { host: secondSite.host });
      expect([res.statusCode, res.json().code], url).toEqual([404, 'notFound']);
    }
  });
});
