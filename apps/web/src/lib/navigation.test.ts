import { describe, expect, it } from 'vitest';
import { currentAppPath, toAppPath } from './navigation';

describe('currentAppPath', () => {
  it('drops the base path and keeps query and hash', () => {
    expect(currentAppPath({ pathname: '/mobile/orders/confirm', search: '?uid=1', hash: '#pay' })).toBe(
      '/orders/confirm?uid=1#pay',
    );
    expect(currentAppPath({ pathname: '/mobile', search: '', hash: '' })).toBe('/');
    expect(currentAppPath({ pathname: '/mobile/', search: '', hash: '' })).toBe('/');
  });
});

describe('toAppPath', () => {
  const origin = 'https://school.example';
  it('keeps in-app paths', () => {
    expect(toAppPath('/courses?categoryId=2', origin)).toBe('/courses?categoryId=2');
    expect(toAppPath('/mobile/courses/abc', origin)).toBe('/courses/abc');
    expect(toAppPath('https://school.example/mobile/me', origin)).toBe('/me');
  });
  it('refuses links that leave the app', () => {
    expect(toAppPath('https://elsewhere.example/x', origin)).toBeNull();
    expect(toAppPath('https://school.example/admin', origin)).toBeNull();
    expect(toAppPath('mailto:a@b.c', origin)).toBeNull();
  });
});
