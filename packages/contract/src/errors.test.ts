import { describe, expect, it } from 'vitest';
import { errorCatalogue, errorCodes, isErrorCode, statusTextKey } from './errors.js';
import { ruleIds } from './validation.js';
import { cn } from './messages/cn.js';
import { en } from './messages/en.js';

describe('error catalogue', () => {
  it('gives every code an HTTP error status', () => {
    for (const code of errorCodes) {
      const status = errorCatalogue[code];
      expect(status, code).toBeGreaterThanOrEqual(400);
      expect(status, code).toBeLessThan(600);
    }
  });

  it('has a non-empty text for every code, status and rule in both languages, and no extra keys', () => {
    const expected = new Set([
      ...errorCodes.map((c) => `error.${c}`),
      ...Object.values(ruleIds),
      'status.400',
      'status.401',
      'status.403',
      'status.404',
      'status.409',
      'status.429',
      'status.500',
      'status.502',
      'status.default',
    ]);
    for (const messages of [cn, en]) {
      for (const key of expected) expect(messages[key as keyof typeof messages], key).toBeTruthy();
      for (const key of Object.keys(messages)) {
        if (!key.startsWith('common.')) expect(expected.has(key), key).toBe(true);
      }
    }
  });

  it('writes Chinese texts in Chinese', () => {
    expect(cn['error.badCredential']).toMatch(/[\u4e00-\u9fa5]/);
    expect(en['error.badCredential']).not.toMatch(/[\u4e00-\u9fa5]/);
  });

  it('recognises codes and maps statuses to texts, falling back to the default', () => {
    expect(isErrorCode('ipBlocked')).toBe(true);
    expect(isErrorCode('toString')).toBe(false);
    expect(isErrorCode(42)).toBe(false);
    expect(statusTextKey(404)).toBe('status.404');
    expect(statusTextKey(418)).toBe('status.default');
    expect(statusTextKey(undefined)).toBe('status.default');
  });
});
