import { describe, expect, it } from 'vitest';
import { givenAnswerLines, rightAnswerLines, stemWithGaps } from './answer-lines';

const letters = [
  { key: 'A', text: '200' },
  { key: 'B', text: '404' },
];

describe('answers as lines', () => {
  it('reads options with their letters, true / false as words', () => {
    expect(givenAnswerLines({ given: { kind: 'CHOICE', keys: ['B', 'Z'] }, options: letters })).toEqual([
      'B. 404',
      'Z',
    ]);
    const tf = [
      { key: 'true', text: 'True' },
      { key: 'false', text: 'False' },
    ];
    expect(rightAnswerLines({ rightAnswer: { kind: 'CHOICE', keys: ['true'] }, options: tf })).toEqual(['True']);
  });

  it('numbers blanks and keeps texts; nothing for no answer', () => {
    expect(givenAnswerLines({ given: { kind: 'BLANKS', texts: ['404', ''] }, options: [] })).toEqual([
      '(1) 404',
      '(2) ',
    ]);
    expect(givenAnswerLines({ given: { kind: 'TEXT', text: 'Cache it', images: [] }, options: [] })).toEqual([
      'Cache it',
    ]);
    expect(givenAnswerLines({ given: null, options: letters })).toEqual([]);
    expect(rightAnswerLines({ rightAnswer: { kind: 'REFERENCE', text: ' ' }, options: [] })).toEqual([]);
  });

  it('numbers the gaps of a fill-blank stem', () => {
    expect(stemWithGaps('<p>Not found is {{blank}}; OK is {{blank}}.</p>')).toBe(
      '<p>Not found is  (1) ____ ; OK is  (2) ____ .</p>',
    );
  });
});
