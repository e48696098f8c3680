import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { AwsClient, AwsV4Signer } from 'aws4fetch';
import type { S3StorageConfig } from '../../config/env.js';
import { contentDisposition } from '../../lib/media-response.js';
import type { Clock } from '../clock.js';
import { assertSafeMediaKey, type MediaStorage } from './media-storage.js';

/*
 * Media in an S3-compatible bucket (AWS S3, MinIO, Aliyun OSS, Tencent COS, Cloudflare R2…),
 * signed with AWS Signature Version 4 by aws4fetch (one small file, no dependencies; the AWS SDK
 * would bring megabytes for four calls). The app writes with PUT, checks sizes with HEAD and
 * reads ranges with GET; learners get short-lived presigned GET URLs, so the bytes go from the
 * bucket to the browser and the app only decides who may have them. Times come from the clock,
 * so tests can make a URL expire.
 */

/** S3 refused or failed; the message names the operation, the key and S3's error code, never a secret. */
export class S3StorageError extends Error {
  constructor(
    readonly operation: string,
    readonly status: number,
    readonly s3Code: string | null,
    key: string,
  ) {
    super(`S3 ${operation} ${key} failed: HTTP ${status}${s3Code ? ` ${s3Code}` : ''}`);
    this.name = 'S3StorageError';
  }
}

/** S3 accepts presigned URLs of up to 7 days. */
const maxPresignSeconds = 7 * 24 * 3600;
/** A call that has not answered (headers) in this long is failed rather than left hanging. */
const requestTimeoutMs = 30_000;

/** `20130524T000000Z`, the form SigV4 signs. */
const amzDate = (date: Date) => date.toISOString().replace(/[:-]|\.\d{3}/g, '');

/** The S3 error code in an XML error body (`<Code>NoSuchKey</Code>`), if any. */
async function s3ErrorCode(response: Response): Promise<string | null> {
  const text = await response.text().catch(() => '');
  return /<Code>([^<]{1,100})<\/Code>/.exec(text)?.[1] ?? null;
}

/**
 * The URL prefix of the bucket's objects: `<endpoint>/<bucket>/` with path-style addressing
 * (MinIO, the test fake), else `<scheme>://<bucket>.<host>/` (virtual-hosted, AWS's default).
 */
export function bucketBaseUrl(config: Pick<S3StorageConfig, 'endpoint' | 'bucket' | 'forcePathStyle'>): string {
  const endpoint = new URL(config.endpoint);
  const prefix = endpoint.pathname.replace(/\/+$/, '');
  if (config.forcePathStyle) return `${endpoint.origin}${prefix}/${encodeURIComponent(config.bucket)}/`;
  return `${endpoint.protocol}//${config.bucket}.${endpoint.host}${prefix}/`;
}

export function createS3MediaStorage(config: S3StorageConfig, clock: Clock): MediaStorage {
  const base = bucketBaseUrl(config);
  const credentials = { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey };
  // Two retries on 5xx and 429 (aws4fetch's default of ten would hold a learner's request for long).
  const client = new AwsClient({ ...credentials, service: 's3', region: config.region, retries: 2 });

  const urlOf = (key: string) => {
    assertSafeMediaKey(key);
    return base + key.split('/').map(encodeURIComponent).join('/');
  };

  /** A signed request; the timeout covers waiting for the answer's headers, not reading its body. */
  async function call(method: string, key: string, init: { headers?: Record<string, string>; body?: Buffer }) {
    const url = urlOf(key);
    const abort = new AbortController();
    const timer = setTimeout(() => abort.abort(new Error(`S3 ${method} ${key}: no answer in 30 s`)), requestTimeoutMs);
    try {
      return await client.fetch(url, {
        method,
        headers: init.headers ?? {},
        ...(init.body === undefined ? {} : { body: init.body }),
        signal: abort.signal,
        aws: { datetime: amzDate(clock.now()) },
      });
    } finally {
      clearTimeout(timer);
    }
  }

  return {
    origins: [new URL(base).origin],

    async put(key, data, contentType) {
      const response = await call('PUT', key, {
        body: data,
        // The body's hash is signed: a body changed on the way is refused by S3.
        headers: {
          'content-type': contentType,
          'x-amz-content-sha256': createHash('sha256').update(data).digest('hex'),
        },
      });
      if (!response.ok) throw new S3StorageError('PUT', response.status, await s3ErrorCode(response), key);
      await response.body?.cancel();
    },

    async putFile(key, file, contentType) {
      // Signed with the hash the caller measured, then streamed: the body is read once per try,
      // from the file, so a retry opens it again (aws4fetch's own retries would replay a spent
      // stream). The time allowed grows with the size: 30 s plus one per 256 KiB.
      const timeoutMs = requestTimeoutMs + Math.ceil(file.size / 262_144) * 1000;
      for (let attempt = 1; ; attempt += 1) {
        const signed = await client.sign(urlOf(key), {
          method: 'PUT',
          headers: {
            'content-type': contentType,
            'content-length': String(file.size),
            'x-amz-content-sha256': file.sha256,
          },
          aws: { datetime: amzDate(clock.now()) },
        });
        const response = await fetch(signed.url, {
          method: 'PUT',
          headers: signed.headers,
          body: Readable.toWeb(createReadStream(file.path)) as ReadableStream,
          duplex: 'half',
          signal: AbortSignal.timeout(timeoutMs),
        } as RequestInit);
        if (response.ok) {
          await response.body?.cancel();
          return;
        }
        const code = await s3ErrorCode(response);
        if (attempt >= 3 || (response.status < 500 && response.status !== 429)) {
          throw new S3StorageError('PUT', response.status, code, key);
        }
      }
    },

    async *list() {
      // ListObjectsV2, a thousand keys a page, following the continuation token.
      let token: string | null = null;
      do {
        const query = new URLSearchParams({
          'list-type': '2',
          ...(token === null ? {} : { 'continuation-token': token }),
        });
        const abort = AbortSignal.timeout(requestTimeoutMs);
        const response = await client.fetch(`${base}?${query}`, {
          method: 'GET',
          signal: abort,
          aws: { datetime: amzDate(clock.now()) },
        });
        if (!response.ok) throw new S3StorageError('LIST', response.status, await s3ErrorCode(response), '');
        const xml = await response.text();
        for (const [, body] of xml.matchAll(/<Contents>([\s\S]*?)<\/Contents>/g)) {
          const key = /<Key>([^<]*)<\/Key>/.exec(body!)?.[1];
          const size = /<Size>(\d+)<\/Size>/.exec(body!)?.[1];
          if (key !== undefined && size !== undefined) yield { key: xmlText(key), size: Number(size) };
        }
        token = /<IsTruncated>true<\/IsTruncated>/.test(xml)
          ? xmlText(/<NextContinuationToken>([^<]*)<\/NextContinuationToken>/.exec(xml)?.[1] ?? '')
          : null;
      } while (token);
    },

    async size(key) {
      const response = await call('HEAD', key, {});
      if (response.status === 404) return null;
      if (!response.ok) throw new S3StorageError('HEAD', response.status, null, key);
      const length = Number(response.headers.get('content-length'));
      if (!Number.isSafeInteger(length) || length < 0) throw new S3StorageError('HEAD', response.status, null, key);
      return length;
    },

    async read(key, range) {
      const response = await call(
        'GET',
        key,
        range === undefined ? {} : { headers: { range: `bytes=${range.start}-${range.end}` } },
      );
      if (response.status === 404) {
        // A missing object is an answer; a missing bucket is a configuration to fix.
        const code = await s3ErrorCode(response);
        if (code === 'NoSuchBucket') throw new S3StorageError('GET', 404, code, key);
        return null;
      }
      // A range asked for must come back as that range (206), never as the whole object.
      const expected = range === undefined ? 200 : 206;
      if (response.status !== expected || response.body === null) {
        throw new S3StorageError('GET', response.status, await s3ErrorCode(response), key);
      }
      return Readable.fromWeb(response.body as WebReadableStream<Uint8Array>);
    },

    async remove(key) {
      const response = await call('DELETE', key, {});
      // S3 answers 204 whether or not there was such an object.
      if (!response.ok && response.status !== 404) {
        throw new S3StorageError('DELETE', response.status, await s3ErrorCode(response), key);
      }
      await response.body?.cancel();
    },

    async signedUrl(key, { expiresInSeconds, contentType, downloadName }) {
      if (!Number.isInteger(expiresInSeconds) || expiresInSeconds < 1 || expiresInSeconds > maxPresignSeconds) {
        throw new Error('a presigned URL lives between 1 second and 7 days');
      }
      const url = new URL(urlOf(key));
      url.searchParams.set('X-Amz-Expires', String(expiresInSeconds));
      // S3 answers with these headers instead of the stored ones: the type the app decided, and
      // a download under the learner-visible name.
      url.searchParams.set('response-content-type', contentType);
      if (downloadName !== undefined) {
        url.searchParams.set('response-content-disposition', contentDisposition('attachment', downloadName));
      }
      const signer = new AwsV4Signer({
        ...credentials,
        url: url.toString(),
        method: 'GET',
        service: 's3',
        region: config.region,
        signQuery: true,
        datetime: amzDate(clock.now()),
      });
      return (await signer.sign()).url.toString();
    },
  };
}

/** The text of an XML element as written (the five predefined entities decoded). */
function xmlText(value: string): string {
  const entities: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
  return value.replace(/&(amp|lt|gt|quot|apos);/g, (_, name: string) => entities[name]!);
}
