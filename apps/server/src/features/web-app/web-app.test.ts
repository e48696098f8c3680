import { fileURLToPath } from 'node:url';
import { appIconSizes, webAppPaths } from '@school/contract/web-app';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { courses } from '../../db/schema.js';
import { tenants } from '../../db/schema/tenants.js';
import { secondSchoolHost } from '../../demo-data/demo-accounts.js';
import { schoolSettingsTtlMs } from '../../lib/ttl-cache.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';

// The web app's public folder holds what these routes read from a build: the app's own favicon
// (every school's fallback icon) and the kill switch's worker.
const webPublic = fileURLToPath(new URL('../../../../web/public/', import.meta.url));

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ webDistDir: webPublic });
});
afterAll(async () => {
  await t.close();
});

/** A school's settings are kept a few seconds per process: past that, a change shows. */
function forgetSchoolSettings() {
  t.clock.advance(schoolSettingsTtlMs + 1);
}

async function manifestOf(host: string, language = 'en') {
  const res = await t.app.inject({ url: webAppPaths.manifest, headers: { host, 'accept-language': language } });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toBe('application/manifest+json; charset=utf-8');
  return res.json() as {
    name: string;
    start_url: string;
    scope: string;
    display: string;
    lang: string;
    icons: { src: string; sizes: string; type: string; purpose: string }[];
  };
}

async function pngSize(url: string, host = 'localhost') {
  const res = await t.app.inject({ url, headers: { host } });
  expect([url, res.statusCode, res.headers['content-type']]).toEqual([url, 200, 'image/png']);
  const meta = await sharp(res.rawPayload).metadata();
  return { width: meta.width, height: meta.height, format: meta.format, cache: res.headers['cache-control'] };
}

describe('the web app manifest', () => {
  it('names each school in the learner’s language, opening the app full screen at /mobile/', async () => {
    const demo = await manifestOf('localhost');
    expect(demo).toMatchObject({
      name: 'Demo School',
      start_url: '/mobile/',
      scope: '/mobile/',
      display: 'standalone',
      lang: 'en',
    });
    expect((await manifestOf('localhost', 'zh-CN')).name).toBe('演示学校');
    const second = await manifestOf(secondSchoolHost);
    expect(second.name).not.toBe('Demo School');
  });

  it('lists square PNG icons that exist at the sizes they claim, one of them maskable', async () => {
    const { icons } = await manifestOf('localhost');
    expect(icons.map((icon) => [icon.sizes, icon.purpose])).toEqual([
      ['192x192', 'any'],
      ['512x512', 'any'],
      ['512x512', 'maskable'],
    ]);
    for (const icon of icons) {
      const size = Number(icon.sizes.split('x')[0]);
      const png = await pngSize(icon.src);
      expect(png).toEqual({ width: size, height: size, format: 'png', cache: 'public, max-age=31536000, immutable' });
    }
  });
});

describe('the home-screen icons', () => {
  it('are made from the school’s own favicon, and their address changes with it', async () => {
    const before = (await manifestOf('localhost')).icons[0]!.src;
    const appIcon = (await t.app.inject({ url: before })).rawPayload;
    const [course] = await t.db.select({ cover: courses.cover }).from(courses).where(eq(courses.uid, 'sql-essentials'));
    const [demo] = await t.db.select({ id: tenants.id, favicon: tenants.favicon }).from(tenants).limit(1);
    await t.db.update(tenants).set({ favicon: course!.cover }).where(eq(tenants.id, demo!.id));
    try {
      forgetSchoolSettings();
      const after = (await manifestOf('localhost')).icons[0]!.src;
      expect(after).not.toBe(before);
      const fromCover = await t.app.inject({ url: after });
      expect(fromCover.statusCode).toBe(200);
      // The picture is the school's cover now, not the app's own favicon.
      expect(fromCover.rawPayload.equals(appIcon)).toBe(false);
      // An address naming an old favicon is still answered, but kept only briefly.
      expect((await pngSize(before)).cache).toBe('public, max-age=3600');
    } finally {
      await t.db.update(tenants).set({ favicon: demo!.favicon }).where(eq(tenants.id, demo!.id));
      forgetSchoolSettings();
    }
  });

  it('fall back to the app’s own icon for a favicon the server cannot read', async () => {
    const [demo] = await t.db.select({ id: tenants.id, favicon: tenants.favicon }).from(tenants).limit(1);
    await t.db.update(tenants).set({ favicon: 'https://cdn.example.com/logo.png' }).where(eq(tenants.id, demo!.id));
    try {
      forgetSchoolSettings();
      expect(await pngSize('/api/app/icons/180')).toMatchObject({ width: 180, height: 180 });
    } finally {
      await t.db.update(tenants).set({ favicon: demo!.favicon }).where(eq(tenants.id, demo!.id));
      forgetSchoolSettings();
    }
  });

  it('come only in the sizes the app uses', async () => {
    expect([...appIconSizes]).toEqual([180, 192, 512]);
    for (const url of ['/api/app/icons/100', '/api/app/icons/abc', '/api/app/icons/192?purpose=other']) {
      const res = await t.app.inject({ url });
      expect([url, res.statusCode, res.json().code]).toEqual([url, 400, 'validationFailed']);
    }
  });
});

describe('the offline worker’s kill switch', () => {
  it('is off by default: the worker’s address is the build’s own file', async () => {
    // This build (the public folder) has no sw.js; with the switch on nothing answers for it here.
    expect((await t.app.inject({ url: '/mobile/sw.js' })).body).not.toContain('registration.unregister');
  });

  it('OFFLINE_APP=false answers the worker’s address with one that removes itself and every cache', async () => {
    const off = await createTestApp({ webDistDir: webPublic, offlineApp: false });
    try {
      const res = await off.app.inject({ url: '/mobile/sw.js' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('text/javascript; charset=utf-8');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toContain('caches.delete');
      expect(res.body).toContain('registration.unregister()');
    } finally {
      await off.close();
    }
  });
});
