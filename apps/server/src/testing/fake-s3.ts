import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

/*
 * A fake of the S3 object API on 127.0.0.1 (path-style URLs: /<bucket>/<key>) that checks every
 * request the way S3 does before touching an object or listing the bucket (ListObjectsV2): AWS Signature Version 4 in the
 * Authorization header or in a presigned query, recomputed here independently of the adapter
 * from the documented recipe (canonical request → string to sign → HMAC chain), the credential
 * scope, the request time (15 minutes either way), a presigned URL's expiry, and the payload
 * hash of a PUT. Objects live in memory. Supports PUT, HEAD, DELETE, GET with one byte range, and the
 * response-content-type / response-content-disposition overrides of a signed GET. Refusals are
 * S3's own XML errors with S3's codes.
 */

export interface FakeS3Options {
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
  bucket: string;
  /** The fake's idea of "now" (request time and presigned expiry); tests pass a ManualClock's. */
  now?: () => Date;
}

export interface StoredObject {
  body: Buffer;
  contentType: string;
}

export interface FakeS3Request {
  method: string;
  path: string;
  status: number;
  /** How the request was signed. */
  auth: 'header' | 'query' | 'none';
}

export interface FakeS3 {
  /** The endpoint, e.g. http://127.0.0.1:41234 (no trailing slash). */
  url: string;
  /** Objects by key (without the bucket). */
  objects: Map<string, StoredObject>;
  requests: FakeS3Request[];
  close(): Promise<void>;
}

/** A request as the signature sees it. `path` and `query` are as sent (still percent-encoded). */
export interface SignedRequest {
  method: string;
  path: string;
  query: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

export interface SigV4Keys {
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
  service: string;
}

/** Why S3 refuses a request; null when the signature and its limits are right. */
export type SigV4Refusal = { status: number; code: string; message: string } | null;

/** The SHA-256 of an empty body (x-amz-content-sha256 of a GET). */
export const emptyPayloadHash = createHash('sha256').update('').digest('hex');
const maxSkewMs = 15 * 60_000;
const maxExpiresSeconds = 7 * 24 * 3600;

/** RFC 3986 encoding as SigV4 requires it: everything but A-Z a-z 0-9 - _ . ~ is %XX (uppercase). */
function uriEncode(value: string): string {
  return encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/** S3's canonical URI: each path segment decoded once and strictly re-encoded (no double encoding). */
function canonicalUri(rawPath: string): string {
  return rawPath
    .split('/')
    .map((segment) => uriEncode(decodeURIComponent(segment)))
    .join('/');
}

function canonicalQuery(rawQuery: string, leaveOut: string | null): string {
  return [...new URLSearchParams(rawQuery)]
    .filter(([key]) => key !== leaveOut)
    .map(([key, value]) => [uriEncode(key), uriEncode(value)] as const)
    .sort(([k1, v1], [k2, v2]) => (k1 < k2 ? -1 : k1 > k2 ? 1 : v1 < v2 ? -1 : v1 > v2 ? 1 : 0))
    .map(([key, value]) => `${key}=${value}`)
    .join('&');
}

function headerValue(headers: IncomingHttpHeaders, name: string): string {
  const value = headers[name];
  const joined = Array.isArray(value) ? value.join(',') : (value ?? '');
  return joined.trim().replace(/\s+/g, ' ');
}

function hmac(key: Buffer | string, data: string): Buffer {
  return createHmac('sha256', key).update(data).digest();
}

/** The hex signature of a canonical request (AWS's documented derivation of the signing key). */
export function sigV4Signature(
  keys: SigV4Keys,
  amzDate: string,
  request: Pick<SignedRequest, 'method' | 'path' | 'headers'> & { canonicalQuery: string },
  signedHeaders: string[],
  payloadHash: string,
): string {
  const date = amzDate.slice(0, 8);
  const scope = `${date}/${keys.region}/${keys.service}/aws4_request`;
  const canonicalRequest = [
    request.method,
    canonicalUri(request.path),
    request.canonicalQuery,
    signedHeaders.map((name) => `${name}:${headerValue(request.headers, name)}\n`).join(''),
    signedHeaders.join(';'),
    payloadHash,
  ].join('\n');
  const stringToSign = [
    'AWS4-HMAC-SHA256',
    amzDate,
    scope,
    createHash('sha256').update(canonicalRequest).digest('hex'),
  ].join('\n');
  const signingKey = hmac(
    hmac(hmac(hmac(`AWS4${keys.secretAccessKey}`, date), keys.region), keys.service),
    'aws4_request',
  );
  return createHmac('sha256', signingKey).update(stringToSign).digest('hex');
}

function sameHex(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** 20130524T000000Z → its time; NaN when malformed. */
function amzDateTime(amzDate: string): number {
  const m = /^(\d{4})(\d\d)(\d\d)T(\d\d)(\d\d)(\d\d)Z$/.exec(amzDate);
  if (!m) return Number.NaN;
  return Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), Number(m[4]), Number(m[5]), Number(m[6]));
}

const refuse = (status: number, code: string, message: string): SigV4Refusal => ({ status, code, message });

/**
 * Checks a request's SigV4 signature (header or presigned query) as S3 does. Exported so a test
 * can hold the fake to AWS's published examples.
 */
export function verifySigV4(request: SignedRequest, keys: SigV4Keys, now: Date): SigV4Refusal {
  const query = new URLSearchParams(request.query);
  const presigned = query.has('X-Amz-Signature');
  const authorization = headerValue(request.headers, 'authorization');
  let credential: string;
  let signedHeaders: string[];
  let signature: string;
  let amzDate: string;
  if (presigned) {
    if (query.get('X-Amz-Algorithm') !== 'AWS4-HMAC-SHA256') {
      return refuse(400, 'AuthorizationQueryParametersError', 'X-Amz-Algorithm only supports "AWS4-HMAC-SHA256"');
    }
    credential = query.get('X-Amz-Credential') ?? '';
    signedHeaders = (query.get('X-Amz-SignedHeaders') ?? '').split(';');
    signature = query.get('X-Amz-Signature') ?? '';
    amzDate = query.get('X-Amz-Date') ?? '';
  } else {
    const m = /^AWS4-HMAC-SHA256 Credential=([^,\s]+),\s*SignedHeaders=([^,\s]+),\s*Signature=([0-9a-f]{64})$/.exec(
      authorization,
    );
    if (!m) return refuse(403, 'AccessDenied', 'Access Denied');
    [, credential = '', , signature = ''] = m;
    signedHeaders = (m[2] ?? '').split(';');
    amzDate = headerValue(request.headers, 'x-amz-date');
  }

  const [accessKeyId, scopeDate, region, service, terminator] = credential.split('/');
  if (accessKeyId !== keys.accessKeyId) {
    return refuse(403, 'InvalidAccessKeyId', 'The AWS Access Key Id you provided does not exist in our records.');
  }
  const time = amzDateTime(amzDate);
  if (Number.isNaN(time) || scopeDate !== amzDate.slice(0, 8)) {
    return refuse(400, 'AuthorizationHeaderMalformed', 'The date of the credential scope does not match X-Amz-Date.');
  }
  if (region !== keys.region || service !== keys.service || terminator !== 'aws4_request') {
    return refuse(400, 'AuthorizationHeaderMalformed', `The credential scope must be ${keys.region}/${keys.service}.`);
  }
  if (!signedHeaders.includes('host') || [...signedHeaders].sort().join(';') !== signedHeaders.join(';')) {
    return refuse(400, 'AuthorizationHeaderMalformed', 'SignedHeaders must be sorted and include host.');
  }

  let payloadHash: string;
  if (presigned) {
    const expires = Number(query.get('X-Amz-Expires'));
    if (!Number.isInteger(expires) || expires < 1 || expires > maxExpiresSeconds) {
      return refuse(400, 'AuthorizationQueryParametersError', 'X-Amz-Expires must be between 1 and 604800 seconds.');
    }
    if (now.getTime() > time + expires * 1000) return refuse(403, 'AccessDenied', 'Request has expired');
    if (time - now.getTime() > maxSkewMs) return refuse(403, 'AccessDenied', 'Request is not valid yet');
    payloadHash = 'UNSIGNED-PAYLOAD';
  } else {
    if (Math.abs(now.getTime() - time) > maxSkewMs) {
      return refuse(
        403,
        'RequestTimeTooSkewed',
        'The difference between the request time and the current time is too large.',
      );
    }
    if (!signedHeaders.includes('x-amz-date')) {
      return refuse(400, 'AuthorizationHeaderMalformed', 'x-amz-date must be signed.');
    }
    payloadHash = headerValue(request.headers, 'x-amz-content-sha256');
    if (payloadHash === '') return refuse(400, 'InvalidRequest', 'Missing required header x-amz-content-sha256.');
    if (payloadHash !== 'UNSIGNED-PAYLOAD') {
      const actual = createHash('sha256').update(request.body).digest('hex');
      if (payloadHash !== actual) {
        return refuse(400, 'XAmzContentSHA256Mismatch', 'The provided x-amz-content-sha256 does not match the body.');
      }
    }
  }

  const expected = sigV4Signature(
    keys,
    amzDate,
    {
      method: request.method,
      path: request.path,
      headers: request.headers,
      canonicalQuery: canonicalQuery(request.query, presigned ? 'X-Amz-Signature' : null),
    },
    signedHeaders,
    payloadHash,
  );
  if (!sameHex(signature, expected)) {
    return refuse(
      403,
      'SignatureDoesNotMatch',
      'The request signature we calculated does not match the signature you provided.',
    );
  }
  return null;
}

function errorXml(code: string, message: string, resource: string): string {
  const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    `<Error><Code>${code}</Code><Message>${escape(message)}</Message>` +
    `<Resource>${escape(resource)}</Resource><RequestId>FAKE0000</RequestId></Error>`
  );
}

/** One `bytes=a-b`, `bytes=a-` or `bytes=-n` range of an object of `size` bytes; 'bad' when unsatisfiable. */
function rangeOf(header: string, size: number): { start: number; end: number } | 'bad' | null {
  const m = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!m || (m[1] === '' && m[2] === '')) return null;
  if (m[1] === '') {
    const length = Number(m[2]);
    return length === 0 || size === 0 ? 'bad' : { start: Math.max(0, size - length), end: size - 1 };
  }
  const start = Number(m[1]);
  const end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1);
  return start >= size || end < start ? 'bad' : { start, end };
}

const etagOf = (body: Buffer) => `"${createHash('md5').update(body).digest('hex')}"`;

export async function startFakeS3(options: FakeS3Options): Promise<FakeS3> {
  const objects = new Map<string, StoredObject>();
  const requests: FakeS3Request[] = [];
  const now = options.now ?? (() => new Date());
  const keys: SigV4Keys = { ...options, service: 's3' };

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const rawUrl = req.url ?? '/';
      const queryAt = rawUrl.indexOf('?');
      const path = queryAt === -1 ? rawUrl : rawUrl.slice(0, queryAt);
      const query = queryAt === -1 ? '' : rawUrl.slice(queryAt + 1);
      const method = req.method ?? 'GET';
      const params = new URLSearchParams(query);
      const auth = params.has('X-Amz-Signature') ? 'query' : req.headers.authorization ? 'header' : 'none';
      const answer = (status: number, headers: Record<string, string>, body?: Buffer | string) => {
        requests.push({ method, path, status, auth });
        // A browser fetching a presigned URL (hls.js uses XHR) needs CORS, as a real bucket would be set up.
        res.writeHead(status, { 'access-control-allow-origin': '*', ...headers });
        res.end(method === 'HEAD' ? undefined : body);
      };
      const fail = (status: number, code: string, message: string) =>
        answer(status, { 'content-type': 'application/xml' }, errorXml(code, message, path));

      if (auth === 'none') return fail(403, 'AccessDenied', 'Access Denied');
      let refusal: SigV4Refusal;
      let parts: string[];
      try {
        refusal = verifySigV4({ method, path, query, headers: req.headers, body: Buffer.concat(chunks) }, keys, now());
        parts = path.split('/').map((part) => decodeURIComponent(part));
      } catch {
        // A malformed percent-escape in the path.
        return fail(400, 'InvalidURI', 'Could not parse the specified URI.');
      }
      if (refusal) return fail(refusal.status, refusal.code, refusal.message);

      const [, bucket = '', ...keyParts] = parts;
      const key = keyParts.join('/');
      if (bucket !== options.bucket) return fail(404, 'NoSuchBucket', 'The specified bucket does not exist');
      if (key === '' && method === 'GET' && params.get('list-type') === '2') {
        // ListObjectsV2, `max-keys` a page (1000 by default), the token being the last key given.
        const after = params.get('continuation-token') ?? '';
        const max = Number(params.get('max-keys') ?? 1000);
        const all = [...objects.keys()].sort().filter((k) => k > after);
        const page = all.slice(0, max);
        const truncated = all.length > page.length;
        const xml =
          `<?xml version="1.0" encoding="UTF-8"?><ListBucketResult><Name>${options.bucket}</Name>` +
          `<KeyCount>${page.length}</KeyCount><IsTruncated>${truncated}</IsTruncated>` +
          (truncated ? `<NextContinuationToken>${page.at(-1)}</NextContinuationToken>` : '') +
          page.map((k) => `<Contents><Key>${k}</Key><Size>${objects.get(k)!.body.length}</Size></Contents>`).join('') +
          '</ListBucketResult>';
        return answer(200, { 'content-type': 'application/xml' }, xml);
      }
      if (key === '')
        return fail(405, 'MethodNotAllowed', 'Only object requests and listing are supported by this fake');

      if (method === 'PUT') {
        if (auth === 'query') return fail(403, 'AccessDenied', 'Presigned uploads are not used by the app');
        const body = Buffer.concat(chunks);
        objects.set(key, { body, contentType: String(req.headers['content-type'] ?? 'binary/octet-stream') });
        return answer(200, { etag: etagOf(body) });
      }
      if (method === 'DELETE') {
        if (auth === 'query') return fail(403, 'AccessDenied', 'Presigned deletes are not used by the app');
        objects.delete(key);
        return answer(204, {});
      }
      if (method !== 'GET' && method !== 'HEAD') return fail(405, 'MethodNotAllowed', `${method} is not allowed`);

      const object = objects.get(key);
      if (!object) return fail(404, 'NoSuchKey', 'The specified key does not exist.');
      const size = object.body.length;
      const headers: Record<string, string> = {
        'content-type': params.get('response-content-type') ?? object.contentType,
        'accept-ranges': 'bytes',
        etag: etagOf(object.body),
      };
      const disposition = params.get('response-content-disposition');
      if (disposition !== null) headers['content-disposition'] = disposition;
      const range = req.headers.range === undefined ? null : rangeOf(req.headers.range, size);
      if (range === 'bad') {
        return answer(416, { 'content-type': 'application/xml', 'content-range': `bytes */${size}` }, '');
      }
      if (range === null) return answer(200, { ...headers, 'content-length': String(size) }, object.body);
      return answer(
        206,
        {
          ...headers,
          'content-length': String(range.end - range.start + 1),
          'content-range': `bytes ${range.start}-${range.end}/${size}`,
        },
        object.body.subarray(range.start, range.end + 1),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    objects,
    requests,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
