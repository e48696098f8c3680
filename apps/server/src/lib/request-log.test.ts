import { describe, expect, it } from 'vitest';
import { redactUrl } from './request-log.js';

describe('redactUrl', () => {
  it('masks passwords, codes and tokens in query strings, and nothing else', () => {
    expect(redactUrl('/api/users/7/check/password?password=s3cret%21&x=1')).toBe(
      '/api/users/7/check/password?password=***&x=1',
    );
    expect(redactUrl('/api/x?phone=13800138000&code=123456')).toBe('/api/x?phone=13800138000&code=***');
    expect(redactUrl('/api/x?resetToken=abc#frag')).toBe('/api/x?resetToken=***#frag');
    expect(redactUrl('/api/users/sms/code?phone=13800138000&purpose=login')).toBe(
      '/api/users/sms/code?phone=13800138000&purpose=login',
    );
  });
});
