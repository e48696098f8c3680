import { describe, expect, it } from 'vitest';
import { initialsOf } from './person-avatar';

describe('initialsOf', () => {
  it('takes the first letters of two words, or two Chinese characters', () => {
    expect(initialsOf('Ada Lovelace')).toBe('AL');
    expect(initialsOf('ada')).toBe('A');
    expect(initialsOf('张老师')).toBe('张老');
    expect(initialsOf('  ')).toBe('?');
    expect(initialsOf('Jean Paul Sartre')).toBe('JP');
  });
});
