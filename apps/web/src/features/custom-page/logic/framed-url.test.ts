import { describe, expect, it } from 'vitest';
import { framedUrl } from './framed-url';

describe('framedUrl', () => {
  it('accepts absolute http and https addresses', () => {
    expect(framedUrl('https://example.com/a?b=1')?.href).toBe('https://example.com/a?b=1');
    expect(framedUrl('http://example.com')?.host).toBe('example.com');
  });

  it('refuses scripts, data, relative paths and nothing at all', () => {
    for (const raw of ['javascript:alert(1)', 'data:text/html,<b>x</b>', '/courses', 'example.com', '', null]) {
      expect(framedUrl(raw)).toBeNull();
    }
  });
});
