import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerErrorHandling } from '../plugins/error-handler.js';
import { createLocalMediaStorage, type MediaStorage } from '../providers/storage/media-storage.js';
import {
  contentDisposition,
  parseRange,
  sendMediaFile,
  signedUrlSeconds,
  type MediaFileAnswer,
} from './media-response.js';

describe('parseRange', () => {
  it.each([
    ['bytes=0-99', 1000, { start: 0, end: 99 }],
    ['bytes=100-', 1000, { start: 100, end: 999 }],
    ['bytes=-100', 1000, { start: 900, end: 999 }],
    ['bytes=-5000', 1000, { start: 0, end: 999 }],
    ['bytes=990-5000', 1000, { start: 990, end: 999 }],
    ['bytes=999-999', 1000, { start: 999, end: 999 }],
    ['BYTES = 1 - 2', 1000, { start: 1, end: 2 }],
  ])('%s of %i bytes is %j', (header, size, expected) => {
    expect(parseRange(header, size)).toEqual(expected);
  });

  it.each([
    ['bytes=1000-', 1000],
    ['bytes=1000-2000', 1000],
    ['bytes=-0', 1000],
    ['bytes=0-', 0],
    ['bytes=-1', 0],
  ])('%s of %i bytes cannot be satisfied', (header, size) => {
    expect(parseRange(header, size)).toBe('unsatisfiable');
  });

  it.each([undefined, '', 'bytes=', 'bytes=-', 'bytes=5-1', 'items=0-1', 'bytes=0-1,5-9', 'bytes=a-b', 'bytes=0x1-2'])(
    '%j asks for no single range: the whole file',
    (header) => {
      expect(parseRange(header, 1000)).toBeNull();
    },
  );
});

describe('contentDisposition', () => {
  it('gives an ASCII name and the exact UTF-8 name', () => {
    expect(contentDisposition('inline', 'handout.pdf')).toBe(
      `inline; filename="handout.pdf"; filename*=UTF-8''handout.pdf`,
    );
    expect(contentDisposition('attachment', '课程 讲义(1).pdf')).toBe(
      `attachment; filename="__ __(1).pdf"; filename*=UTF-8''%E8%AF%BE%E7%A8%8B%20%E8%AE%B2%E4%B9%89%281%29.pdf`,
    );
  });

  it('never lets a name break out of its quotes or the header', () => {
    const header = contentDisposition('attachment', 'a"b\\c\r\nSet-Cookie: x;.txt');
    expect(header).toBe(
      `attachment; filename="a_b_c__Set-Cookie: x;.txt"; filename*=UTF-8''a%22b%5Cc%0D%0ASet-Cookie%3A%20x%3B.txt`,
    );
  });
});

describe('sendMediaFile', () => {
  let dir: string;
  let storage: MediaStorage;
  let app: FastifyInstance;
  const bytes = Buffer.from(Array.from({ length: 2000 }, (_, i) => i % 251));
  const signedCalls: unknown[] = [];
  const signing: MediaStorage = {
    origins: ['https://bucket.example'],
    put: () => Promise.resolve(),
    putFile: () => Promise.resolve(),
    size: () => Promise.resolve(2000),
    read: () => Promise.reject(new Error('a signed storage is never read through the app')),
    remove: () => Promise.resolve(),
    async *list() {
      yield* [];
    },
    signedUrl: (key, options) => {
      signedCalls.push({ key, options });
      return Promise.resolve(`https://bucket.example/${key}?signature=abc`);
    },
  };

  function answer(overrides: Partial<MediaFileAnswer> = {}): MediaFileAnswer {
    return {
      storage,
      key: '1/7/slides.pdf',
      contentType: 'application/pdf',
      fileName: '讲义.pdf',
      disposition: 'inline',
      ...overrides,
    };
  }

  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'media-response-'));
    storage = createLocalMediaStorage(dir);
    await storage.put('1/7/slides.pdf', bytes, 'application/pdf');
    await storage.put('1/8/empty.txt', Buffer.alloc(0), 'text/plain');
    app = Fastify();
    registerErrorHandling(app);
    app.get('/file', (request, reply) => sendMediaFile(request, reply, answer()));
    app.get('/empty', (request, reply) =>
      sendMediaFile(request, reply, answer({ key: '1/8/empty.txt', contentType: 'text/plain', fileName: 'e.txt' })),
    );
    app.get('/missing', (request, reply) => sendMediaFile(request, reply, answer({ key: '1/9/gone.pdf' })));
    app.get('/download', (request, reply) =>
      sendMediaFile(request, reply, answer({ storage: signing, disposition: 'attachment', fileName: 'a.zip' })),
    );
    app.get('/signed', (request, reply) => sendMediaFile(request, reply, answer({ storage: signing })));
    await app.ready();
  });

  afterAll(async () => {
    await app.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('sends the whole file with its type, name, length and range support', async () => {
    const res = await app.inject({ url: '/file' });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(bytes)).toBe(true);
    expect(res.headers).toMatchObject({
      'content-type': 'application/pdf',
      'content-length': '2000',
      'content-disposition': contentDisposition('inline', '讲义.pdf'),
      'accept-ranges': 'bytes',
      'cache-control': 'private, no-cache',
      'x-content-type-options': 'nosniff',
      etag: expect.stringMatching(/^"[\w-]+"$/),
    });
    expect(res.headers['content-range']).toBeUndefined();
  });

  it('sends one range with 206 and Content-Range', async () => {
    const res = await app.inject({ url: '/file', headers: { range: 'bytes=100-199' } });
    expect(res.statusCode).toBe(206);
    expect(res.headers).toMatchObject({ 'content-range': 'bytes 100-199/2000', 'content-length': '100' });
    expect(res.rawPayload.equals(bytes.subarray(100, 200))).toBe(true);

    const tail = await app.inject({ url: '/file', headers: { range: 'bytes=-10' } });
    expect([tail.statusCode, tail.headers['content-range']]).toEqual([206, 'bytes 1990-1999/2000']);
    expect(tail.rawPayload.equals(bytes.subarray(1990))).toBe(true);

    const open = await app.inject({ url: '/file', headers: { range: 'bytes=1500-' } });
    expect([open.statusCode, open.headers['content-length']]).toEqual([206, '500']);
    expect(open.rawPayload.equals(bytes.subarray(1500))).toBe(true);
  });

  it('answers 416 with the size for a range past the end', async () => {
    const res = await app.inject({ url: '/file', headers: { range: 'bytes=2000-' } });
    expect(res.statusCode).toBe(416);
    expect(res.headers['content-range']).toBe('bytes */2000');
    expect(res.body).toBe('');
    const empty = await app.inject({ url: '/empty', headers: { range: 'bytes=0-' } });
    expect([empty.statusCode, empty.headers['content-range']]).toEqual([416, 'bytes */0']);
  });

  it('sends the whole file for several ranges or a malformed header', async () => {
    for (const range of ['bytes=0-1,5-9', 'bytes=abc']) {
      const res = await app.inject({ url: '/file', headers: { range } });
      expect([res.statusCode, res.rawPayload.length]).toEqual([200, 2000]);
    }
  });

  it('honours If-Range: the range when the copy is current, the whole file when not', async () => {
    const { etag } = (await app.inject({ url: '/file' })).headers;
    const current = await app.inject({ url: '/file', headers: { range: 'bytes=0-9', 'if-range': String(etag) } });
    expect(current.statusCode).toBe(206);
    const stale = await app.inject({ url: '/file', headers: { range: 'bytes=0-9', 'if-range': '"old"' } });
    expect([stale.statusCode, stale.rawPayload.length]).toEqual([200, 2000]);
  });

  it('answers 304 to a copy that is still current', async () => {
    const { etag } = (await app.inject({ url: '/file' })).headers;
    const res = await app.inject({ url: '/file', headers: { 'if-none-match': String(etag) } });
    expect(res.statusCode).toBe(304);
    expect(res.body).toBe('');
    expect(res.headers.etag).toBe(etag);
  });

  it('answers HEAD with the headers only', async () => {
    const res = await app.inject({ method: 'HEAD', url: '/file', headers: { range: 'bytes=0-9' } });
    expect(res.statusCode).toBe(206);
    expect(res.headers).toMatchObject({ 'content-length': '10', 'content-range': 'bytes 0-9/2000' });
    expect(res.body).toBe('');
  });

  it('sends an empty file', async () => {
    const res = await app.inject({ url: '/empty' });
    expect([res.statusCode, res.headers['content-length'], res.body]).toEqual([200, '0', '']);
  });

  it('refuses a file the storage does not have with 404 notFound', async () => {
    const res = await app.inject({ url: '/missing' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'notFound' });
    expect(res.headers['content-disposition']).toBeUndefined();
  });

  it('redirects to a signed URL when the storage gives one, with the download name for attachments', async () => {
    signedCalls.length = 0;
    const inline = await app.inject({ url: '/signed', headers: { range: 'bytes=0-9' } });
    expect(inline.statusCode).toBe(302);
    expect(inline.headers.location).toBe('https://bucket.example/1/7/slides.pdf?signature=abc');
    expect(inline.headers['cache-control']).toBe('no-store');
    const download = await app.inject({ url: '/download' });
    expect(download.statusCode).toBe(302);
    expect(signedCalls).toEqual([
      { key: '1/7/slides.pdf', options: { expiresInSeconds: signedUrlSeconds, contentType: 'application/pdf' } },
      {
        key: '1/7/slides.pdf',
        options: { expiresInSeconds: signedUrlSeconds, contentType: 'application/pdf', downloadName: 'a.zip' },
      },
    ]);
  });
});
