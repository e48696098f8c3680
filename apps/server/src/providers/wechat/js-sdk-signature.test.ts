import { describe, expect, it } from 'vitest';
import { jsSdkSignature } from './js-sdk-signature.js';

describe('JS-SDK signature', () => {
  // The example of WeChat's JS-SDK documentation (appendix 1, signature algorithm).
  const documented = {
    jsapiTicket: 'sM4AOVdWfPE4DxkXGEs8VMCPGGVi4C3VM0P37wVUCFvkVAy_90u5h9nbSlYy3-Sl-HhTdfl2fzFy1AOcHKP7qg',
    nonceStr: 'Wm3WZYTPz0wzccnW',
    timestamp: 1414587457,
    url: 'http://mp.weixin.qq.com?params=value',
  };

  it('matches the documented example', () => {
    expect(jsSdkSignature(documented)).toBe('0f9de62fce790f9a083d5c99e95740ceb90c27ed');
  });

  it('signs the URL without its hash, and the raw URL (no escaping)', () => {
    expect(jsSdkSignature({ ...documented, url: `${documented.url}#/share` })).toBe(
      '0f9de62fce790f9a083d5c99e95740ceb90c27ed',
    );
    expect(jsSdkSignature({ ...documented, url: 'http://mp.weixin.qq.com?params=value%20' })).not.toBe(
      '0f9de62fce790f9a083d5c99e95740ceb90c27ed',
    );
  });
});
