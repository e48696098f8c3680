import { describe, expect, it } from 'vitest';
import { requirementUnmet } from './exam-requirement';

describe('requirementUnmet', () => {
  it('holds an attempt back until the course is studied far enough', () => {
    expect(requirementUnmet(null)).toBe(false);
    expect(requirementUnmet({ progress: 60, yourProgress: 14 })).toBe(true);
    expect(requirementUnmet({ progress: 60, yourProgress: 0 })).toBe(true);
    expect(requirementUnmet({ progress: 60, yourProgress: 60 })).toBe(false);
    expect(requirementUnmet({ progress: 60, yourProgress: 100 })).toBe(false);
  });

  it('does not judge a visitor, who is asked to log in first', () => {
    expect(requirementUnmet({ progress: 60, yourProgress: null })).toBe(false);
  });
});
