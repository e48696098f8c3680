import { describe, expect, it } from 'vitest';
import { emptyAnswer, isAnswered, markBlanks, unansweredNumbers } from './answers';

describe('answers', () => {
  it('starts each type empty and tells an answer from none', () => {
    expect(emptyAnswer({ type: 'MULTI_SELECT', blankCount: 0 })).toEqual({ kind: 'CHOICE', keys: [] });
    expect(emptyAnswer({ type: 'FILL_BLANK', blankCount: 2 })).toEqual({ kind: 'BLANKS', texts: ['', ''] });
    expect(isAnswered({ kind: 'BLANKS', texts: [' ', ''] })).toBe(false);
    expect(isAnswered({ kind: 'BLANKS', texts: ['', 'x'] })).toBe(true);
    expect(isAnswered({ kind: 'TEXT', text: '', images: ['/api/files/a.png'] })).toBe(true);
    expect(isAnswered(undefined)).toBe(false);
  });

  it('lists unanswered numbers and cuts fill-blank stems', () => {
    const q = (id: number) => ({
      id,
      number: id,
      type: 'SINGLE_SELECT' as const,
      stem: '',
      options: [],
      blankCount: 0,
      score: 1,
    });
    const answers = { 2: { questionId: 2, seq: 1, flagged: true, answer: { kind: 'CHOICE' as const, keys: ['A'] } } };
    expect(unansweredNumbers([q(1), q(2), q(3)], answers)).toEqual([1, 3]);
    expect(markBlanks('<p>a {{blank}} b {{blank}}</p>')).toBe(
      '<p>a <span class="exam-blank">(1)&#8239;______</span> b <span class="exam-blank">(2)&#8239;______</span></p>',
    );
  });
});
