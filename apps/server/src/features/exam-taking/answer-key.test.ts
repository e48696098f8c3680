import { describe, expect, it } from 'vitest';
import type { AnswersVisible } from '../../db/schema.js';
import { analysisHiddenUntil } from './answer-key.js';

const now = new Date('2026-03-02T10:00:00Z');
const later = new Date(now.getTime() + 60_000);
const earlier = new Date(now.getTime() - 60_000);

function exam(answersVisible: AnswersVisible, examTimes: number | null, endTime: Date | null = null) {
  return { answersVisible, examTimes, endTime };
}

describe('analysisHiddenUntil', () => {
  it('hides the key of an AFTER_SUBMIT exam while attempts are left, and shows it after the last', () => {
    expect(analysisHiddenUntil({ exam: exam('AFTER_SUBMIT', 2, later), attemptsUsed: 1, now })).toBe('LAST_ATTEMPT');
    expect(analysisHiddenUntil({ exam: exam('AFTER_SUBMIT', 2, null), attemptsUsed: 0, now })).toBe('LAST_ATTEMPT');
    expect(analysisHiddenUntil({ exam: exam('AFTER_SUBMIT', 2, later), attemptsUsed: 2, now })).toBeNull();
    expect(analysisHiddenUntil({ exam: exam('AFTER_SUBMIT', 1, null), attemptsUsed: 1, now })).toBeNull();
    // More than allowed (the limit lowered since): none left either.
    expect(analysisHiddenUntil({ exam: exam('AFTER_SUBMIT', 2, null), attemptsUsed: 3, now })).toBeNull();
  });

  it('never counts an attempt of unlimited ones as the last: only the end shows the key', () => {
    expect(analysisHiddenUntil({ exam: exam('AFTER_SUBMIT', null, later), attemptsUsed: 50, now })).toBe('EXAM_END');
    expect(analysisHiddenUntil({ exam: exam('AFTER_SUBMIT', null, null), attemptsUsed: 50, now })).toBe('NEVER');
    expect(analysisHiddenUntil({ exam: exam('AFTER_SUBMIT', null, earlier), attemptsUsed: 1, now })).toBeNull();
  });

  it('shows the key of any exam but a NEVER one once it has ended, at the end itself included', () => {
    for (const visible of ['AFTER_SUBMIT', 'AFTER_END', 'AFTER_EACH_ATTEMPT'] as const) {
      expect(analysisHiddenUntil({ exam: exam(visible, 3, earlier), attemptsUsed: 1, now }), visible).toBeNull();
      expect(analysisHiddenUntil({ exam: exam(visible, 3, now), attemptsUsed: 1, now }), visible).toBeNull();
    }
    expect(analysisHiddenUntil({ exam: exam('NEVER', 3, earlier), attemptsUsed: 3, now })).toBe('NEVER');
  });

  it('keeps an AFTER_END key until the end, whatever the attempts used', () => {
    expect(analysisHiddenUntil({ exam: exam('AFTER_END', 1, later), attemptsUsed: 1, now })).toBe('EXAM_END');
    expect(analysisHiddenUntil({ exam: exam('AFTER_END', 1, null), attemptsUsed: 1, now })).toBe('NEVER');
  });

  it('shows the key after each attempt only when the school chose so', () => {
    expect(analysisHiddenUntil({ exam: exam('AFTER_EACH_ATTEMPT', 2, later), attemptsUsed: 1, now })).toBeNull();
    expect(analysisHiddenUntil({ exam: exam('AFTER_EACH_ATTEMPT', null, null), attemptsUsed: 1, now })).toBeNull();
    expect(analysisHiddenUntil({ exam: exam('NEVER', 2, later), attemptsUsed: 2, now })).toBe('NEVER');
  });

  it('shows handed-in homework its analysis: a learner has one attempt at it', () => {
    expect(analysisHiddenUntil({ exam: null, attemptsUsed: 0, now })).toBeNull();
  });
});
