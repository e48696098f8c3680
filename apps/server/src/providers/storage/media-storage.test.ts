import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { S3StorageConfig } from '../../config/env.js';
import { createHash } from 'node:crypto';
import { emptyPayloadHash, sigV4Signature, startFakeS3, verifySigV4, type FakeS3 } from '../../testing/fake-s3.js';
import { ManualClock } from '../../testing/manual-clock.js';
import { createMediaStorage } from './index.js';
import { createLocalMediaStorage, type MediaStorage } from './media-storage.js';
import { bucketBaseUrl, S3StorageError } from './s3-media-storage.js';

async function bytesOf(stream: Readable | null): Promise<Buffer | null> {
  if (stream === null) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

// 1,000 bytes whose every position is recognisable, so a wrong range shows.
const body = Buffer.from(Array.from({ length: 1000 }, (_, i) => i % 251));
const unsafeKeys = ['../escape', 'a/../../b', '.hidden', 'a//b', '/absolute', 'a\\b', 'a b', '', 'x/'.repeat(6) + 'y'];

const s3Keys = {
  accessKeyId: 'AKIAFAKETESTKEY0001',
  secretAccessKey: 'fake/Secret+Key-for-tests-only',
  region: 'ap-east-1',
};
const clock = new ManualClock(new Date('2026-03-02T08:00:00Z'));
let fake: FakeS3;
let s3Config: S3StorageConfig;
let localDir: string;

beforeAll(async () => {
  fake = await startFakeS3({ ...s3Keys, bucket: 'school-media', now: () => clock.now() });
  s3Config = { ...s3Keys, endpoint: fake.url, bucket: 'school-media', forcePathStyle: true };
  localDir = await mkdtemp(path.join(os.tmpdir(), 'school-media-test-'));
});
afterAll(async () => {
  await fake.close();
  await rm(localDir, { recursive: true, force: true });
});

const adapters: [string, () => MediaStorage][] = [
  ['local disk', () => createMediaStorage({ mediaStorage: 'local', s3Storage: null, dataDir: localDir }, { clock })],
  [
    'S3 (against the fake)',
    () => createMediaStorage({ mediaStorage: 's3', s3Storage: s3Config, dataDir: localDir }, { clock }),
  ],
];

describe.each(adapters)('%s media storage', (_name, make) => {
  it('stores a file and tells its size', async () => {
    const storage = make();
    await storage.put('1/42/lesson.mp4', body, 'video/mp4');
    expect(await storage.size('1/42/lesson.mp4')).toBe(1000);
    // Putting again replaces the bytes.
    await storage.put('1/42/lesson.mp4', body.subarray(0, 10), 'video/mp4');
    expect(await storage.size('1/42/lesson.mp4')).toBe(10);
    await storage.put('1/42/lesson.mp4', body, 'video/mp4');
  });

  it('stores a file streamed from disk, signed with the hash measured before', async () => {
    const storage = make();
    // 3 MB: more than one read chunk, so the stream is really streamed.
    const big = Buffer.alloc(3_000_000, 7);
    big.write('start', 0);
    const file = path.join(localDir, 'big-upload.bin');
    await writeFile(file, big);
    const sha256 = createHash('sha256').update(big).digest('hex');
    await storage.putFile('pack/big.bin', { path: file, size: big.length, sha256 }, 'application/octet-stream');
    expect(await storage.size('pack/big.bin')).toBe(big.length);
    expect((await bytesOf(await storage.read('pack/big.bin')))!.equals(big)).toBe(true);
  });

  it('reads a file whole or one inclusive byte range', async () => {
    const storage = make();
    await storage.put('1/43/handout.pdf', body, 'application/pdf');
    expect(await bytesOf(await storage.read('1/43/handout.pdf'))).toEqual(body);
    expect(await bytesOf(await storage.read('1/43/handout.pdf', { start: 100, end: 199 }))).toEqual(
      body.subarray(100, 200),
    );
    expect(await bytesOf(await storage.read('1/43/handout.pdf', { start: 999, end: 999 }))).toEqual(body.subarray(999));
  });

  it('answers null for a file it does not have', async () => {
    const storage = make();
    expect(await storage.size('1/404/missing.mp4')).toBeNull();
    expect(await storage.read('1/404/missing.mp4')).toBeNull();
    expect(await storage.read('1/404/missing.mp4', { start: 0, end: 9 })).toBeNull();
  });

  it('refuses keys the server would never make, before touching anything', async () => {
    const storage = make();
    for (const key of unsafeKeys) {
      await expect(storage.put(key, body, 'text/plain'), key).rejects.toThrow('unsafe media storage key');
      await expect(storage.size(key), key).rejects.toThrow('unsafe media storage key');
      await expect(storage.read(key), key).rejects.toThrow('unsafe media storage key');
      await expect(storage.signedUrl(key, { expiresInSeconds: 60, contentType: 'text/plain' }), key).rejects.toThrow(
        'unsafe media storage key',
      );
    }
  });
});

describe('local disk media storage', () => {
  it('streams through the app (no signed URL, no other origin)', async () => {
    const storage = createLocalMediaStorage(localDir);
    expect(storage.origins).toEqual([]);
    await storage.put('seed/lesson.pdf', body, 'application/pdf');
    expect(
      await storage.signedUrl('seed/lesson.pdf', { expiresInSeconds: 60, contentType: 'application/pdf' }),
    ).toBeNull();
  });

  it('lets two writers put the same key at once, leaving whole bytes and no partial files', async () => {
    const storage = createLocalMediaStorage(localDir);
    await Promise.all(
      Array.from({ length: 6 }, () => storage.put('seed/race/file.bin', body, 'application/octet-stream')),
    );
    expect(await bytesOf(await storage.read('seed/race/file.bin'))).toEqual(body);
    expect(await readdir(path.join(localDir, 'seed', 'race'))).toEqual(['file.bin']);
  });
});

describe('S3 media storage', () => {
  const storage = () => createMediaStorage({ mediaStorage: 's3', s3Storage: s3Config, dataDir: localDir }, { clock });

  it('signs every call (header signatures) and keeps objects in the configured bucket', async () => {
    const before = fake.requests.length;
    await storage().put('2/7/lesson.mp3', body, 'audio/mpeg');
    expect(fake.objects.get('2/7/lesson.mp3')).toEqual({ body, contentType: 'audio/mpeg' });
    expect(fake.requests.slice(before)).toEqual([
      { method: 'PUT', path: '/school-media/2/7/lesson.mp3', status: 200, auth: 'header' },
    ]);
  });

  it('gives presigned GET URLs that the bucket serves, with the type and download name the app chose', async () => {
    const s3 = storage();
    await s3.put('2/8/exercises.zip', body, 'application/octet-stream');
    const url = await s3.signedUrl('2/8/exercises.zip', {
      expiresInSeconds: 300,
      contentType: 'application/zip',
      downloadName: '练习 exercises.zip',
    });
    expect(url).toMatch(new RegExp(`^${fake.url}/school-media/2/8/exercises\\.zip\\?`));
    const query = new URL(url!).searchParams;
    expect(query.get('X-Amz-Expires')).toBe('300');
    expect(query.get('X-Amz-Credential')).toBe(`${s3Keys.accessKeyId}/20260302/ap-east-1/s3/aws4_request`);
    expect(url).not.toContain(s3Keys.secretAccessKey);

    const whole = await fetch(url!);
    expect(whole.status).toBe(200);
    expect(Buffer.from(await whole.arrayBuffer())).toEqual(body);
    expect(whole.headers.get('content-type')).toBe('application/zip');
    expect(whole.headers.get('content-disposition')).toBe(
      `attachment; filename="__ exercises.zip"; filename*=UTF-8''%E7%BB%83%E4%B9%A0%20exercises.zip`,
    );
    // A browser's range request on the same URL (how <video> seeks).
    const part = await fetch(url!, { headers: { range: 'bytes=10-19' } });
    expect(part.status).toBe(206);
    expect(Buffer.from(await part.arrayBuffer())).toEqual(body.subarray(10, 20));

    const inline = await s3.signedUrl('2/8/exercises.zip', { expiresInSeconds: 60, contentType: 'video/mp4' });
    expect(new URL(inline!).searchParams.has('response-content-disposition')).toBe(false);
    expect((await fetch(inline!)).headers.get('content-type')).toBe('video/mp4');
  });

  it('has its presigned URLs refused once expired', async () => {
    const s3 = storage();
    await s3.put('2/9/lesson.pdf', body, 'application/pdf');
    const url = await s3.signedUrl('2/9/lesson.pdf', { expiresInSeconds: 60, contentType: 'application/pdf' });
    clock.advance(59_000);
    expect((await fetch(url!)).status).toBe(200);
    clock.advance(2_000);
    const expired = await fetch(url!);
    expect(expired.status).toBe(403);
    expect(await expired.text()).toContain('<Message>Request has expired</Message>');
  });

  it('has tampered presigned URLs refused: another key, another type, another signature', async () => {
    const s3 = storage();
    await s3.put('2/10/a.pdf', body, 'application/pdf');
    await s3.put('2/10/b.pdf', body, 'application/pdf');
    const url = (await s3.signedUrl('2/10/a.pdf', { expiresInSeconds: 60, contentType: 'application/pdf' }))!;
    const retype = new URL(url);
    retype.searchParams.set('response-content-type', 'text/html');
    const resigned = new URL(url);
    resigned.searchParams.set('X-Amz-Signature', '0'.repeat(64));
    const longer = new URL(url);
    longer.searchParams.set('X-Amz-Expires', '604800');
    for (const tampered of [url.replace('/a.pdf?', '/b.pdf?'), retype, resigned, longer]) {
      const res = await fetch(tampered);
      expect(res.status, String(tampered)).toBe(403);
      expect(await res.text()).toContain('<Code>SignatureDoesNotMatch</Code>');
    }
    // Without any signature the bucket is private.
    expect((await fetch(`${fake.url}/school-media/2/10/a.pdf`)).status).toBe(403);
  });

  it('fails with S3’s error code, never the secret, when the keys are wrong', async () => {
    const wrong = createMediaStorage(
      { mediaStorage: 's3', s3Storage: { ...s3Config, secretAccessKey: 'not-the-secret' }, dataDir: localDir },
      { clock },
    );
    const error = await wrong.put('2/11/x.mp4', body, 'video/mp4').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(S3StorageError);
    expect(error).toMatchObject({ status: 403, s3Code: 'SignatureDoesNotMatch' });
    expect(String((error as Error).message)).not.toContain('not-the-secret');
    await expect(wrong.size('2/7/lesson.mp3')).rejects.toMatchObject({ status: 403 });
    const noBucket = createMediaStorage(
      { mediaStorage: 's3', s3Storage: { ...s3Config, bucket: 'other-bucket' }, dataDir: localDir },
      { clock },
    );
    await expect(noBucket.read('2/7/lesson.mp3')).rejects.toMatchObject({ s3Code: 'NoSuchBucket' });
  });

  it('refuses presigned lifetimes S3 would not accept', async () => {
    for (const expiresInSeconds of [0, -1, 1.5, 604_801]) {
      await expect(
        storage().signedUrl('2/7/lesson.mp3', { expiresInSeconds, contentType: 'audio/mpeg' }),
      ).rejects.toThrow(/between 1 second and 7 days/);
    }
  });

  it('addresses the bucket path-style or virtual-hosted, and names that origin for the CSP', () => {
    expect(bucketBaseUrl({ endpoint: 'http://127.0.0.1:9000', bucket: 'media', forcePathStyle: true })).toBe(
      'http://127.0.0.1:9000/media/',
    );
    expect(
      bucketBaseUrl({ endpoint: 'https://oss-cn-hangzhou.aliyuncs.com', bucket: 'school-1', forcePathStyle: false }),
    ).toBe('https://school-1.oss-cn-hangzhou.aliyuncs.com/');
    expect(storage().origins).toEqual([fake.url]);
    const hosted = createMediaStorage(
      {
        mediaStorage: 's3',
        s3Storage: { ...s3Config, endpoint: 'https://s3.ap-east-1.amazonaws.com', forcePathStyle: false },
        dataDir: localDir,
      },
      { clock },
    );
    expect(hosted.origins).toEqual(['https://school-media.s3.ap-east-1.amazonaws.com']);
  });
});

describe('the fake S3’s signature check', () => {
  // AWS's published SigV4 examples for S3 (GetObject with a Range header, and a presigned URL).
  const example = {
    accessKeyId: 'AKIAIOSFODNN7EXAMPLE',
    secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
    region: 'us-east-1',
    service: 's3',
  };
  const exampleTime = new Date('2013-05-24T00:00:00Z');

  it('accepts AWS’s documented header-signed GET and refuses it altered', () => {
    const request = {
      method: 'GET',
      path: '/test.txt',
      query: '',
      body: Buffer.alloc(0),
      headers: {
        host: 'examplebucket.s3.amazonaws.com',
        range: 'bytes=0-9',
        'x-amz-content-sha256': emptyPayloadHash,
        'x-amz-date': '20130524T000000Z',
        authorization:
          'AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request,' +
          'SignedHeaders=host;range;x-amz-content-sha256;x-amz-date,' +
          'Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41',
      },
    };
    expect(verifySigV4(request, example, exampleTime)).toBeNull();
    expect(
      verifySigV4({ ...request, headers: { ...request.headers, range: 'bytes=0-99' } }, example, exampleTime),
    ).toMatchObject({
      code: 'SignatureDoesNotMatch',
    });
    expect(verifySigV4(request, example, new Date('2013-05-24T00:16:00Z'))).toMatchObject({
      code: 'RequestTimeTooSkewed',
    });
  });

  it('accepts AWS’s documented presigned GET until it expires', () => {
    const request = {
      method: 'GET',
      path: '/test.txt',
      query:
        'X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Credential=AKIAIOSFODNN7EXAMPLE%2F20130524%2Fus-east-1%2Fs3%2Faws4_request' +
        '&X-Amz-Date=20130524T000000Z&X-Amz-Expires=86400&X-Amz-SignedHeaders=host' +
        '&X-Amz-Signature=aeeed9bbccd4d02ee5c0109b86d86835f995330da4c265957d157751f604d404',
      body: Buffer.alloc(0),
      headers: { host: 'examplebucket.s3.amazonaws.com' },
    };
    expect(verifySigV4(request, example, exampleTime)).toBeNull();
    expect(verifySigV4(request, example, new Date('2013-05-25T00:00:01Z'))).toMatchObject({
      status: 403,
      message: 'Request has expired',
    });
    expect(verifySigV4(request, { ...example, secretAccessKey: 'other' }, exampleTime)).toMatchObject({
      code: 'SignatureDoesNotMatch',
    });
  });

  it('refuses a body that is not the one whose hash was signed', () => {
    const signedBody = Buffer.from('the uploaded lesson');
    const headers = {
      host: 'examplebucket.s3.amazonaws.com',
      'x-amz-content-sha256': createHash('sha256').update(signedBody).digest('hex'),
      'x-amz-date': '20130524T000000Z',
    };
    const signedHeaders = ['host', 'x-amz-content-sha256', 'x-amz-date'];
    const signature = sigV4Signature(
      example,
      '20130524T000000Z',
      { method: 'PUT', path: '/test.txt', headers, canonicalQuery: '' },
      signedHeaders,
      headers['x-amz-content-sha256'],
    );
    const request = {
      method: 'PUT',
      path: '/test.txt',
      query: '',
      body: signedBody,
      headers: {
        ...headers,
        authorization: `AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request, SignedHeaders=${signedHeaders.join(';')}, Signature=${signature}`,
      },
    };
    expect(verifySigV4(request, example, exampleTime)).toBeNull();
    expect(verifySigV4({ ...request, body: Buffer.from('another body') }, example, exampleTime)).toMatchObject({
      code: 'XAmzContentSHA256Mismatch',
    });
  });
});
