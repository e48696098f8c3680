import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFakeWebDist, createTestApp, type TestApp } from '../testing/test-app.js';

let t: TestApp;
let web: Awaited<ReturnType<typeof createFakeWebDist>>;
beforeAll(async () => {
  web = await createFakeWebDist();
  t = await createTestApp({ webDistDir: web.dir });
});
afterAll(async () => {
  await t.close();
  await web.remove();
});

const immutable = 'public, max-age=31536000, immutable';

describe('the web app at /mobile/', () => {
  it.each(['/', '/mobile'])('redirects %s to /mobile/', async (url) => {
    const res = await t.app.inject({ url });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/mobile/');
  });

  it.each(['/mobile/', '/mobile/index.html'])('serves %s as HTML that is always revalidated', async (url) => {
    const res = await t.app.inject({ url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toContain('fake app shell');
  });

  it('serves a hashed asset for a year, pre-compressed with brotli', async () => {
    const res = await t.app.inject({ url: web.assetPath, headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe(immutable);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers.vary).toMatch(/Accept-Encoding/i);
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(web.assetBody);
  });

  it('falls back to gzip, then to the plain file', async () => {
    const gz = await t.app.inject({ url: web.assetPath, headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(web.assetBody);
    const plain = await t.app.inject({ url: web.assetPath, headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(web.assetBody);
    expect(plain.headers['cache-control']).toBe(immutable);
  });

  it('revalidates files outside assets/', async () => {
    const res = await t.app.inject({ url: '/mobile/favicon.svg' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it.each(['/mobile/courses', '/mobile/courses/abc123?pathFrom=tab', '/mobile/me/profile/nickname'])(
    'answers the client route %s with the app shell (no-cache)',
    async (url) => {
      const res = await t.app.inject({ url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toContain('fake app shell');
    },
  );

  it('answers HEAD for a client route like GET', async () => {
    const res = await t.app.inject({ method: 'HEAD', url: '/mobile/learning' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
  });

  it('answers a missing hashed asset with a real 404, not the app shell', async () => {
    const res = await t.app.inject({ url: '/mobile/assets/index-0ld0ld.js' });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('notFound');
  });

  it('does not serve files outside the build', async () => {
    const res = await t.app.inject({ url: '/mobile/..%2f..%2f..%2fpackage.json' });
    expect(res.body).not.toContain('"dependencies"');
  });

  it('keeps the API working beside the web app', async () => {
    const res = await t.app.inject({ url: '/api/tenants/current' });
    expect(res.statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/nope' })).json().code).toBe('notFound');
  });
});
