import { describe, expect, it } from 'vitest';
import { pageTitle } from './page-title';

describe('pageTitle', () => {
  it('prefers the route title, then the tenant name, then the default', () => {
    expect(pageTitle('Me', 'Demo School', 'Online School')).toBe('Me');
    expect(pageTitle(null, 'Demo School', 'Online School')).toBe('Demo School');
    expect(pageTitle(null, null, 'Online School')).toBe('Online School');
    expect(pageTitle('', '', 'Online School')).toBe('Online School');
  });
});
