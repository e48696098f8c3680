import { createHmac, randomUUID } from 'node:crypto';

/*
 * Alibaba Cloud "RPC" API calls (dysmsapi SendSms, afs AuthenticateSig) with signature
 * version 1.0: every parameter, common ones included, is percent-encoded (RFC 3986), sorted
 * by name and joined into the canonicalized query string; the string to sign is
 * `METHOD&%2F&` + percentEncode(that); the signature is base64(HMAC-SHA1(secret + "&", it)).
 */

/** RFC 3986 encoding as Alibaba Cloud wants it: only A–Z a–z 0–9 - _ . ~ stay as they are. */
export function percentEncode(value: string): string {
  return encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

export function canonicalizedQuery(params: Record<string, string>): string {
  return Object.keys(params)
    .sort()
    .map((key) => `${percentEncode(key)}=${percentEncode(params[key] ?? '')}`)
    .join('&');
}

export function signRpc(method: 'GET' | 'POST', params: Record<string, string>, accessKeySecret: string): string {
  const stringToSign = `${method}&${percentEncode('/')}&${percentEncode(canonicalizedQuery(params))}`;
  return createHmac('sha1', `${accessKeySecret}&`).update(stringToSign, 'utf8').digest('base64');
}

/** `2016-02-23T12:46:24Z`: ISO 8601 in UTC without milliseconds. */
export function rpcTimestamp(now: Date): string {
  return now.toISOString().replace(/\.\d{3}Z$/, 'Z');
}

export interface RpcCall {
  endpoint: string;
  action: string;
  version: string;
  accessKeyId: string;
  accessKeySecret: string;
  regionId: string;
  params: Record<string, string>;
  now: Date;
}

export interface RpcAnswer {
  status: number;
  body: Record<string, unknown> | null;
}

/**
 * Signs and POSTs one call (parameters form-encoded in the body). Answers the HTTP status and
 * the JSON body (null when it is not JSON); network failures throw.
 */
export async function callRpc(call: RpcCall): Promise<RpcAnswer> {
  const params: Record<string, string> = {
    ...call.params,
    AccessKeyId: call.accessKeyId,
    Action: call.action,
    Format: 'JSON',
    RegionId: call.regionId,
    SignatureMethod: 'HMAC-SHA1',
    SignatureNonce: randomUUID(),
    SignatureVersion: '1.0',
    Timestamp: rpcTimestamp(call.now),
    Version: call.version,
  };
  const body = `${canonicalizedQuery(params)}&Signature=${percentEncode(signRpc('POST', params, call.accessKeySecret))}`;
  const response = await fetch(`${call.endpoint}/`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
    body,
    signal: AbortSignal.timeout(10_000),
  });
  const text = await response.text();
  let json: Record<string, unknown> | null = null;
  try {
    const parsed: unknown = JSON.parse(text);
    if (typeof parsed === 'object' && parsed !== null) json = parsed as Record<string, unknown>;
  } catch {
    json = null;
  }
  return { status: response.status, body: json };
}
