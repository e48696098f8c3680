import { describe, expect, it } from 'vitest';
import { canonicalizedQuery, percentEncode, rpcTimestamp, signRpc } from './aliyun-rpc.js';

describe('Alibaba Cloud RPC signature', () => {
  // The worked example of Alibaba Cloud's "signature mechanism" documentation (DescribeRegions,
  // AccessKeyId testid, AccessKeySecret testsecret, signed with GET).
  const documented = {
    Timestamp: '2016-02-23T12:46:24Z',
    Format: 'XML',
    AccessKeyId: 'testid',
    Action: 'DescribeRegions',
    SignatureMethod: 'HMAC-SHA1',
    SignatureNonce: '3ee8c1b8-83d3-44af-a94f-4e0ad82fd6cf',
    Version: '2014-05-26',
    SignatureVersion: '1.0',
  };

  it('matches the documented example', () => {
    expect(signRpc('GET', documented, 'testsecret')).toBe('OLeaidS1JvxuMvnyHOwuJ+uX5qY=');
  });

  it('sorts parameters by name into the canonicalized query string', () => {
    expect(canonicalizedQuery(documented)).toBe(
      'AccessKeyId=testid&Action=DescribeRegions&Format=XML&SignatureMethod=HMAC-SHA1' +
        '&SignatureNonce=3ee8c1b8-83d3-44af-a94f-4e0ad82fd6cf&SignatureVersion=1.0' +
        '&Timestamp=2016-02-23T12%3A46%3A24Z&Version=2014-05-26',
    );
  });

  it('percent-encodes as RFC 3986 wants, including what encodeURIComponent leaves alone', () => {
    expect(percentEncode("a b*c~d!'()")).toBe('a%20b%2Ac~d%21%27%28%29');
    expect(percentEncode('{"code":"123456"}')).toBe('%7B%22code%22%3A%22123456%22%7D');
    expect(percentEncode('演示')).toBe('%E6%BC%94%E7%A4%BA');
  });

  it('writes timestamps in UTC without milliseconds', () => {
    expect(rpcTimestamp(new Date('2024-05-01T08:09:10.123Z'))).toBe('2024-05-01T08:09:10Z');
  });
});
