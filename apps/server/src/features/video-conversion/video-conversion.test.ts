import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { apiPaths, servedFilePaths } from '@school/contract/paths';
import { and, eq } from 'drizzle-orm';
import { chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lessons, media } from '../../db/schema.js';
import { systemClock } from '../../providers/clock.js';
import { createLocalMediaStorage, type MediaStorage } from '../../providers/storage/media-storage.js';
import { importPack } from '../../school-pack/import-pack.js';
import { readPack } from '../../school-pack/read-pack.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { convertNextVideo } from './video-conversion.job.js';

/*
 * Decision 019: a video a school's pack brings as filmed is converted to HLS with a poster by the
 * background job; before that its lesson says the conversion is not done, after it Chromium plays
 * the stream through hls.js, as the lesson player does.
 */

const host = 'school3.localhost';
const secondPack = fileURLToPath(new URL('../../../../../examples/second-school/', import.meta.url));
const silentLog = { error: () => undefined };

let t: TestApp;
let storage: MediaStorage;
const folders: string[] = [];
let lessonId: number;

const visitor = (url: string) => t.app.inject({ method: 'GET', url, headers: { host } });

beforeAll(async () => {
  const storageDir = await mkdtemp(path.join(os.tmpdir(), 'school-video-storage-'));
  const pack = await mkdtemp(path.join(os.tmpdir(), 'school-video-pack-'));
  folders.push(storageDir, pack);
  storage = createLocalMediaStorage(storageDir);
  t = await createTestApp({}, { mediaStorage: storage });
  // The second school's pack as a third school of the demo database.
  await cp(secondPack, pack, { recursive: true });
  const school = await readFile(path.join(pack, 'school.yaml'), 'utf8');
  await writeFile(path.join(pack, 'school.yaml'), school.replace('school2.localhost', host));
  const read = await readPack(pack);
  if (read.pack === null) throw new Error(JSON.stringify(read.problems));
  const { tenantId } = await importPack(t.db, read.pack, { storage });
  const [lesson] = await t.db
    .select()
    .from(lessons)
    .where(and(eq(lessons.tenantId, tenantId), eq(lessons.uid, 'camera-basics')));
  lessonId = lesson!.id;
}, 120_000);
afterAll(async () => {
  await t.close();
  await Promise.all(folders.map((folder) => rm(folder, { recursive: true, force: true })));
});

describe('the video conversion', () => {
  it('leaves the lesson refusing with the conversion status until the video is converted', async () => {
    const before = await visitor(apiPaths.lesson(lessonId));
    expect(before.statusCode, before.body).toBe(200);
    expect(before.json()).toMatchObject({
      refusal: { code: 'conversionNotCompleted', conversionStatus: 'NOT_STARTED' },
      content: null,
    });
  });

  it('makes HLS renditions and a poster once, for every lesson that plays the film', { timeout: 120_000 }, async () => {
    const [lesson] = await t.db.select().from(lessons).where(eq(lessons.id, lessonId));
    const rowOf = async (id: number) => (await t.db.select().from(media).where(eq(media.id, id)))[0]!;
    // The app's own scheduled round may take the film first: either way it ends converted.
    await convertNextVideo(t.db, { storage, clock: systemClock, log: silentLog });
    await expect
      .poll(async () => (await rowOf(lesson!.mediaId!)).conversionStatus, { timeout: 60_000 })
      .toBe('COMPLETED');
    expect(await convertNextVideo(t.db, { storage, clock: systemClock, log: silentLog })).toEqual({ converted: 0 });

    const row = await rowOf(lesson!.mediaId!);
    expect(row.format).toBe('HLS');
    const names = row.files.map((file) => file.name);
    // The 320×180 demo film gets one rendition at its own height.
    expect(names[0]).toBe('master.m3u8');
    expect(names).toContain('stream_0.m3u8');
    expect(names.filter((name) => name.endsWith('.ts')).length).toBeGreaterThanOrEqual(3);
    expect(names.at(-1)).toBe('poster.jpg');
    for (const file of row.files) expect(await storage.size(file.key)).toBe(file.size);

    const detail = (await visitor(apiPaths.lesson(lessonId))).json();
    expect(detail.refusal).toBeNull();
    expect(detail.content).toEqual({
      kind: 'VIDEO',
      format: 'HLS',
      url: servedFilePaths.lessonMediaFile(lessonId, 'master.m3u8'),
      duration: 20,
      poster: servedFilePaths.lessonMediaFile(lessonId, 'poster.jpg'),
    });
    const master = await visitor(servedFilePaths.lessonMediaFile(lessonId, 'master.m3u8'));
    expect(master.statusCode).toBe(200);
    expect(master.body).toContain('stream_0.m3u8');

    // Another lesson bringing the same film later gets the outputs without a second conversion.
    const [again] = await t.db
      .insert(media)
      .values({ tenantId: row.tenantId, format: 'HLS', files: [], source: row.source, conversionStatus: 'NOT_STARTED' })
      .returning({ id: media.id });
    await convertNextVideo(t.db, { storage, clock: systemClock, log: silentLog });
    await expect.poll(async () => (await rowOf(again!.id)).conversionStatus, { timeout: 60_000 }).toBe('COMPLETED');
    expect((await rowOf(again!.id)).files).toEqual(row.files);
  });

  it('gives a stream that Chromium plays through hls.js', { timeout: 120_000 }, async () => {
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const port = new URL(address).port;
    const hlsScript = await readFile(
      path.join(path.dirname(createRequire(import.meta.url).resolve('hls.js')), 'hls.min.js'),
      'utf8',
    );
    const browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--autoplay-policy=no-user-gesture-required'],
    });
    try {
      // *.localhost is the loopback in Chromium: the page and the stream share the school's origin.
      const page = await (await browser.newContext({ bypassCSP: true })).newPage();
      await page.goto(`http://${host}:${port}/api/health`);
      await page.evaluate(hlsScript);
      // Browser code as text: the server's TypeScript knows no DOM.
      const url = servedFilePaths.lessonMediaFile(lessonId, 'master.m3u8');
      const played = (await page.evaluate(`(async () => {
        const video = document.createElement('video');
        video.muted = true;
        document.body.append(video);
        const hls = new Hls();
        hls.loadSource(${JSON.stringify(url)});
        hls.attachMedia(video);
        await video.play();
        const start = Date.now();
        while (video.currentTime < 1.5 && Date.now() - start < 30000) await new Promise((r) => setTimeout(r, 100));
        return { time: video.currentTime, width: video.videoWidth, height: video.videoHeight };
      })()`)) as { time: number; width: number; height: number };
      expect(played.time).toBeGreaterThanOrEqual(1.5);
      expect({ width: played.width, height: played.height }).toEqual({ width: 320, height: 180 });
    } finally {
      await browser.close();
    }
  });
});
