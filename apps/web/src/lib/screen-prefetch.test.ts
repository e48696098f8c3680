import { afterEach, describe, expect, it } from 'vitest';
import { preloadImages } from './screen-prefetch';

const links = () =>
  [...document.head.querySelectorAll('link[rel="preload"][as="image"]')].map((l) => l.getAttribute('href'));

describe('preloadImages', () => {
  afterEach(() => {
    for (const link of document.head.querySelectorAll('link[rel="preload"]')) link.remove();
  });

  it('adds one preload per new address and skips empty ones', () => {
    preloadImages(['/mobile/seed/cover-01.svg', null, undefined, '', '/mobile/seed/cover-02.svg']);
    preloadImages(['/mobile/seed/cover-01.svg']);
    expect(links()).toEqual(['/mobile/seed/cover-01.svg', '/mobile/seed/cover-02.svg']);
  });
});
