import { createHash } from 'node:crypto';

/**
 * The JS-SDK `wx.config` signature: sha1 (hex) of the four fields sorted by name and joined as
 * `key=value` with `&`, values as they are (no URL escaping). `url` is the page URL without
 * its hash.
 */
export function jsSdkSignature(input: {
  jsapiTicket: string;
  nonceStr: string;
  timestamp: number;
  url: string;
}): string {
  const url = input.url.split('#')[0] ?? '';
  const string1 = `jsapi_ticket=${input.jsapiTicket}&noncestr=${input.nonceStr}&timestamp=${input.timestamp}&url=${url}`;
  return createHash('sha1').update(string1, 'utf8').digest('hex');
}
