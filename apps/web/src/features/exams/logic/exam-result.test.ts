import { describe, expect, it } from 'vitest';
import { attemptIdOf, resultVerdict } from './exam-result';

describe('attemptIdOf', () => {
  it.each([
    ['12', 12],
    [null, null],
    ['', null],
    ['0', null],
    ['-3', null],
    ['1.5', null],
    ['abc', null],
    ['9999999999', null],
  ])('%s → %s', (param, id) => {
    expect(attemptIdOf(param)).toBe(id);
  });
});

describe('resultVerdict', () => {
  it('passes, fails, or waits for review', () => {
    expect(resultVerdict({ status: 'COMPLETED', passed: true })).toBe('passed');
    expect(resultVerdict({ status: 'COMPLETED', passed: false })).toBe('failed');
    expect(resultVerdict({ status: 'PENDING_REVIEW', passed: null })).toBe('reviewing');
    expect(resultVerdict({ status: 'COMPLETED', passed: null })).toBe('reviewing');
  });
});
