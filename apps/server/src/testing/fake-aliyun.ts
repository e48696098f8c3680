import { createHmac } from 'node:crypto';
import { startFakeRemote, type FakeAnswer, type FakeRemote, type RecordedRequest } from './fake-remote.js';

/*
 * A fake Alibaba Cloud RPC endpoint that checks requests the way the service does: the
 * common parameters, then the signature, recomputed here independently of the adapter (the
 * encoding follows Alibaba's documented recipe: form-encode, then "+"→%20, "*"→%2A,
 * %7E→"~"). A bad signature gets Alibaba's own refusal.
 */

function documentedEncode(params: [string, string][]): string {
  return new URLSearchParams(params).toString().replace(/\+/g, '%20').replace(/\*/g, '%2A').replace(/%7E/g, '~');
}

/** Recomputes an RPC signature from the received parameters (Signature excluded). */
export function expectedRpcSignature(method: string, params: URLSearchParams, secret: string): string {
  const sorted = [...params.entries()]
    .filter(([k]) => k !== 'Signature')
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const canonical = documentedEncode(sorted);
  const stringToSign = `${method}&%2F&${documentedEncode([['', canonical]]).slice(1)}`;
  return createHmac('sha1', `${secret}&`).update(stringToSign).digest('base64');
}

export interface AliyunCall {
  action: string;
  params: URLSearchParams;
}

export interface FakeAliyun extends FakeRemote {
  calls: AliyunCall[];
}

const requestId = () => `${Math.random().toString(16).slice(2, 10).toUpperCase()}-FAKE`;

/**
 * `answer` decides the reply of a well-signed call. Calls are checked for: POST with a form
 * body (or GET with a query), the known AccessKeyId, HMAC-SHA1 v1.0, JSON format, an ISO
 * timestamp, a nonce never seen before, the expected Version, and the signature.
 */
export async function startFakeAliyun(options: {
  accessKeyId: string;
  accessKeySecret: string;
  version: string;
  answer: (call: AliyunCall) => FakeAnswer;
}): Promise<FakeAliyun> {
  const calls: AliyunCall[] = [];
  const nonces = new Set<string>();
  const refuse = (code: string, message: string, status = 400): FakeAnswer => ({
    status,
    json: { RequestId: requestId(), HostId: 'fake.aliyuncs.com', Code: code, Message: message },
  });
  const remote = await startFakeRemote((request: RecordedRequest) => {
    const params =
      request.method === 'POST' ? new URLSearchParams(request.body) : new URLSearchParams(request.url.search);
    if (
      request.method === 'POST' &&
      !String(request.headers['content-type']).startsWith('application/x-www-form-urlencoded')
    ) {
      return refuse('InvalidParameter', 'form body expected');
    }
    if (params.get('AccessKeyId') !== options.accessKeyId)
      return refuse('InvalidAccessKeyId.NotFound', 'Specified access key is not found.', 404);
    if (params.get('SignatureMethod') !== 'HMAC-SHA1' || params.get('SignatureVersion') !== '1.0') {
      return refuse('InvalidParameter', 'bad signature method');
    }
    if (params.get('Format') !== 'JSON') return refuse('InvalidParameter', 'Format');
    if (params.get('Version') !== options.version)
      return refuse('InvalidVersion', 'Specified parameter Version is not valid.');
    if (!/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/.test(params.get('Timestamp') ?? '')) {
      return refuse('InvalidTimeStamp.Format', 'Specified time stamp or date value is not well formatted.');
    }
    const nonce = params.get('SignatureNonce') ?? '';
    if (nonce === '' || nonces.has(nonce))
      return refuse('SignatureNonceUsed', 'Specified signature nonce was used already.');
    nonces.add(nonce);
    if (params.get('Signature') !== expectedRpcSignature(request.method, params, options.accessKeySecret)) {
      return refuse('SignatureDoesNotMatch', 'Specified signature is not matched with our calculation.');
    }
    const call = { action: params.get('Action') ?? '', params };
    calls.push(call);
    return options.answer(call);
  });
  return Object.assign(remote, { calls });
}

export { requestId as fakeRequestId };
