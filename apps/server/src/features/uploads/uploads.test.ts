import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { uploadResultSchema } from '@school/contract/uploads';
import { limits } from '@school/contract/validation';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoAccounts, secondSchoolHost } from '../../demo-data/demo-accounts.js';
import { loginCookie, newAccount } from '../../testing/accounts.js';
import { createS3MediaStorage } from '../../providers/storage/s3-media-storage.js';
import { startFakeS3, type FakeS3 } from '../../testing/fake-s3.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';

let t: TestApp;
let dataDir: string;
let learner: string;
beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'school-uploads-test-'));
  t = await createTestApp({ dataDir });
  learner = await loginCookie(t, demoAccounts.learner);
});
afterAll(async () => {
  await t.close();
  await rm(dataDir, { recursive: true, force: true });
});

// Real headers of each format; the rest is filler (the server checks the type, not the pixels).
const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
const jpeg = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]), Buffer.from('JFIF\0'), randomBytes(64)]);
const gif = Buffer.concat([Buffer.from('GIF89a'), randomBytes(32)]);
const webp = Buffer.concat([
  Buffer.from('RIFF'),
  Buffer.from([0x24, 0, 0, 0]),
  Buffer.from('WEBPVP8 '),
  randomBytes(32),
]);
const pdf = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
const html = Buffer.from('<!doctype html><script>alert(document.cookie)</script>');

/** Pads a file of one format to `size` bytes. */
const sized = (head: Buffer, size: number) => Buffer.concat([head, Buffer.alloc(size - head.length, 0x20)]);

function multipart(parts: { name: string; filename?: string; contentType?: string; data: Buffer | string }[]) {
  const boundary = `----school-test-${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = `form-data; name="${part.name}"${part.filename === undefined ? '' : `; filename="${part.filename}"`}`;
    const type = part.contentType === undefined ? '' : `Content-Type: ${part.contentType}\r\n`;
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}\r\n${type}\r\n`));
    chunks.push(Buffer.from(part.data));
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

function upload(
  url: string,
  file: { data: Buffer; contentType: string; filename?: string; name?: string },
  cookie?: string,
) {
  const body = multipart([
    { name: file.name ?? 'file', filename: file.filename ?? 'photo', contentType: file.contentType, data: file.data },
  ]);
  return t.app.inject({
    method: 'POST',
    url,
    payload: body.payload,
    headers: { 'content-type': body.contentType, ...(cookie ? { cookie } : {}) },
  });
}

const avatar = (data: Buffer, contentType: string, cookie = learner) =>
  upload('/api/users/avatar', { data, contentType }, cookie);

describe('POST /api/users/avatar', () => {
  it('stores the image under a server-made name and answers where it is served', async () => {
    const res = await upload(
      '/api/users/avatar',
      { data: png, contentType: 'image/png', filename: '../../evil name.html' },
      learner,
    );
    expect(res.statusCode, res.body).toBe(200);
    const result = uploadResultSchema.parse(res.json());
    expect(result).toEqual({
      url: expect.stringMatching(/^\/api\/files\/[0-9a-f]{32}\.png$/),
      contentType: 'image/png',
      size: png.length,
    });
    // In the media storage (here DATA_DIR/media), where every process finds it.
    const stored = path.join(dataDir, 'media', 'uploads', path.basename(result.url));
    expect(await readFile(stored)).toEqual(png);
    expect((await readdir(path.join(dataDir, 'media', 'uploads'))).some((f) => f.includes('evil'))).toBe(false);
  });

  it.each([
    ['JPEG', jpeg, 'image/jpeg', 'jpg'],
    ['JPEG declared as image/jpg', jpeg, 'image/jpg', 'jpg'],
    ['GIF', gif, 'image/gif', 'gif'],
    ['WebP', webp, 'image/webp', 'webp'],
  ])('takes a %s image', async (_kind, data, type, extension) => {
    const res = await avatar(data, type);
    expect(res.statusCode).toBe(200);
    expect(res.json().url).toMatch(new RegExp(`\\.${extension}$`));
  });

  it.each([
    ['a PDF', pdf, 'application/pdf'],
    ['an HTML page declared as an image', html, 'image/png'],
    ['a PNG declared as JPEG', png, 'image/jpeg'],
    ['a PNG declared as HTML', png, 'text/html'],
    ['an empty file', Buffer.alloc(0), 'image/png'],
  ])('refuses %s with rule.avatar.type', async (_what, data, type) => {
    const res = await avatar(data, type);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'validationFailed', field: 'file', rule: 'rule.avatar.type' });
  });

  it('takes 5 MB and refuses a byte more with rule.avatar.tooBig', async () => {
    expect((await avatar(sized(png, limits.avatarMaxBytes), 'image/png')).statusCode).toBe(200);
    const res = await avatar(sized(png, limits.avatarMaxBytes + 1), 'image/png');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      code: 'validationFailed',
      message: 'Please check what you entered',
      field: 'file',
      rule: 'rule.avatar.tooBig',
    });
  });

  it('needs a session, a multipart body and a part named file', async () => {
    expect((await avatar(png, 'image/png', '')).statusCode).toBe(401);
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/users/avatar',
      payload: { file: 'x' },
      headers: { cookie: learner },
    });
    expect(json.statusCode).toBe(400);
    expect(json.json().code).toBe('badRequest');
    const wrongField = await upload(
      '/api/users/avatar',
      { data: png, contentType: 'image/png', name: 'picture' },
      learner,
    );
    expect(wrongField.json()).toMatchObject({ code: 'validationFailed', field: 'file' });
  });
});

describe('GET /api/files/{name}', () => {
  it('serves an avatar to anyone of the school, as what it is, with nosniff', async () => {
    const { url } = uploadResultSchema.parse((await avatar(png, 'image/png')).json());
    const res = await t.app.inject({ url });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload).toEqual(png);
    expect(res.headers).toMatchObject({
      'content-type': 'image/png',
      'x-content-type-options': 'nosniff',
      'content-disposition': 'inline',
      'cache-control': 'public, max-age=31536000, immutable',
    });
    expect(String(res.headers['content-security-policy'])).toContain('sandbox');
    // Another school does not have it.
    expect((await t.app.inject({ url, headers: { host: secondSchoolHost } })).statusCode).toBe(404);
  });

  it('answers 404 for unknown and malformed names', async () => {
    for (const name of ['0123456789abcdef0123456789abcdef.png', '..%2F..%2Fetc%2Fpasswd', 'x.html']) {
      const res = await t.app.inject({ url: `/api/files/${name}` });
      expect(res.statusCode, name).toBe(404);
      expect(res.json().code).toBe('notFound');
    }
  });
});

describe('POST /api/files (general upload)', () => {
  it('takes a PDF or an image up to 10 MB, readable by its uploader only', async () => {
    const owner = await newAccount(t);
    const res = await upload(
      '/api/files',
      { data: sized(pdf, 6 * 1024 * 1024), contentType: 'application/pdf' },
      owner.cookie,
    );
    expect(res.statusCode, res.body).toBe(200);
    const { url } = uploadResultSchema.parse(res.json());
    const own = await t.app.inject({ url, headers: { cookie: owner.cookie } });
    expect(own.statusCode).toBe(200);
    expect(own.headers).toMatchObject({
      'content-type': 'application/pdf',
      'x-content-type-options': 'nosniff',
      'content-disposition': 'attachment',
    });
    expect((await t.app.inject({ url, headers: { cookie: learner } })).statusCode).toBe(404);
    expect((await t.app.inject({ url })).statusCode).toBe(404);
  });

  it('refuses more than 10 MB with rule.upload.tooBig and other types with rule.upload.type', async () => {
    const big = await upload(
      '/api/files',
      { data: sized(pdf, limits.uploadMaxBytes + 1), contentType: 'application/pdf' },
      learner,
    );
    expect(big.json()).toMatchObject({ code: 'validationFailed', field: 'file', rule: 'rule.upload.tooBig' });
    const page = await upload('/api/files', { data: html, contentType: 'text/html' }, learner);
    expect(page.json()).toMatchObject({ code: 'validationFailed', field: 'file', rule: 'rule.upload.type' });
  });
});

describe('the avatar in the profile', () => {
  it('takes the learner’s own uploaded avatar, and nobody else’s or a private file', async () => {
    const account = await newAccount(t);
    const { url } = uploadResultSchema.parse((await avatar(png, 'image/png', account.cookie)).json());
    const set = await t.app.inject({
      method: 'POST',
      url: `/api/users/${account.id}`,
      payload: { nickname: 'With avatar', avatar: url },
      headers: { cookie: account.cookie },
    });
    expect(set.statusCode).toBe(200);
    expect(set.json().avatar).toBe(url);

    const other = await newAccount(t);
    const stolen = await t.app.inject({
      method: 'POST',
      url: `/api/users/${other.id}`,
      payload: { nickname: 'x', avatar: url },
      headers: { cookie: other.cookie },
    });
    expect(stolen.json()).toMatchObject({ code: 'validationFailed', field: 'avatar' });

    const file = uploadResultSchema.parse(
      (await upload('/api/files', { data: png, contentType: 'image/png' }, other.cookie)).json(),
    );
    const notAvatar = await t.app.inject({
      method: 'POST',
      url: `/api/users/${other.id}`,
      payload: { nickname: 'x', avatar: file.url },
      headers: { cookie: other.cookie },
    });
    expect(notAvatar.json()).toMatchObject({ code: 'validationFailed', field: 'avatar' });
  });
});

describe('uploads in an S3 bucket (several processes, several machines)', () => {
  const keys = { accessKeyId: 'AKIAUPLOADS', secretAccessKey: 'uploads-secret', region: 'us-east-1' };
  let bucket: FakeS3;
  let other: TestApp;
  let otherDataDir: string;
  beforeAll(async () => {
    bucket = await startFakeS3({ ...keys, bucket: 'uploads' });
    otherDataDir = await mkdtemp(path.join(os.tmpdir(), 'school-uploads-s3-'));
    // An upload an earlier release kept in DATA_DIR/uploads.
    await mkdir(path.join(otherDataDir, 'uploads'));
    await writeFile(path.join(otherDataDir, 'uploads', '0123456789abcdef0123456789abcdef.png'), png);
    const storage = createS3MediaStorage(
      { endpoint: bucket.url, bucket: 'uploads', forcePathStyle: true, ...keys },
      { now: () => new Date() },
    );
    other = await createTestApp({ dataDir: otherDataDir }, { mediaStorage: storage });
  }, 60_000);
  afterAll(async () => {
    await other?.close();
    await bucket?.close();
    await rm(otherDataDir, { recursive: true, force: true });
  });

  it('stores an upload in the bucket and serves it from there', async () => {
    const cookie = await loginCookie(other, demoAccounts.learner);
    const body = multipart([{ name: 'file', filename: 'a.png', contentType: 'image/png', data: png }]);
    const res = await other.app.inject({
      method: 'POST',
      url: '/api/users/avatar',
      headers: { cookie, 'content-type': body.contentType },
      payload: body.payload,
    });
    expect(res.statusCode, res.body).toBe(200);
    const name = path.basename(uploadResultSchema.parse(res.json()).url);
    expect(bucket.objects.get(`uploads/${name}`)?.body).toEqual(png);
    const served = await other.app.inject({ method: 'GET', url: `/api/files/${name}` });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload).toEqual(png);
  });

  it('moves the uploads an earlier release kept in DATA_DIR/uploads into the bucket at start', async () => {
    expect(bucket.objects.get('uploads/0123456789abcdef0123456789abcdef.png')?.body).toEqual(png);
    // The folder let go of it: the next start has nothing to look at.
    expect(await readdir(path.join(otherDataDir, 'uploads'))).toEqual([]);
  });
});
