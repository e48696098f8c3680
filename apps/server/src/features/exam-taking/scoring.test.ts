import { quizTypes, type QuizType } from '@school/contract/enums';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { GivenAnswer, QuestionAnswer } from '../../db/schema.js';
import { AppError } from '../../lib/app-error.js';
import {
  normalizeBlank,
  questionProblem,
  scoreAnswer,
  scoreAttempt,
  splitPoints,
  withReview,
  type ReviewScore,
  type ScorableQuestion,
  type ScoringItem,
} from './scoring.js';

// ---------------------------------------------------------------------------------------------
// Builders

const optionsOf = (...keys: string[]) => keys.map((key) => ({ key }));
const abcd = optionsOf('A', 'B', 'C', 'D');
const choice = (...keys: string[]): GivenAnswer => ({ kind: 'CHOICE', keys });
const blanks = (...texts: string[]): GivenAnswer => ({ kind: 'BLANKS', texts });
const text = (value: string, images: string[] = []): GivenAnswer => ({ kind: 'TEXT', text: value, images });

const single = (right: string): ScorableQuestion => ({
  type: 'SINGLE_SELECT',
  options: abcd,
  answer: { kind: 'CHOICE', keys: [right] },
});
const trueOrFalse = (right: 'true' | 'false'): ScorableQuestion => ({
  type: 'TRUE_OR_FALSE',
  options: optionsOf('true', 'false'),
  answer: { kind: 'CHOICE', keys: [right] },
});
const multi = (...right: string[]): ScorableQuestion => ({
  type: 'MULTI_SELECT',
  options: optionsOf('A', 'B', 'C', 'D', 'E'),
  answer: { kind: 'CHOICE', keys: right },
});
const fillBlank = (...accepted: string[][]): ScorableQuestion => ({
  type: 'FILL_BLANK',
  options: [],
  answer: { kind: 'BLANKS', accepted },
});
const askAndAnswer: ScorableQuestion = {
  type: 'ASK_AND_ANSWER',
  options: [],
  answer: { kind: 'REFERENCE', text: { cn: '参考答案', en: 'Reference answer' } },
};

/** A question with the test's points, as scoreAttempt takes it. */
function item(questionId: number, question: ScorableQuestion, points: number, given: GivenAnswer | null): ScoringItem {
  const { type, ...rest } = question;
  return { questionId, type, points, question: rest, given };
}

function refusal(run: () => unknown): { code: string; field: string | undefined } {
  try {
    run();
  } catch (error) {
    if (error instanceof AppError) return { code: error.code, field: error.field };
    throw error;
  }
  throw new Error('expected a refusal');
}

// ---------------------------------------------------------------------------------------------
// Normalizing blanks

describe('normalizeBlank', () => {
  it('turns full-width letters, digits and punctuation into ASCII, lower case', () => {
    expect(normalizeBlank('ＡＢＣ１２３')).toBe('abc123');
    expect(normalizeBlank('ＨＴＭＬ（５）')).toBe('html(5)');
    expect(normalizeBlank('ｅ＝ｍｃ２')).toBe('e=mc2');
  });

  it('trims and collapses inner whitespace, the ideographic space included', () => {
    expect(normalizeBlank('  Hello\u3000\u3000World\t\n')).toBe('hello world');
    expect(normalizeBlank(' \u3000 ')).toBe('');
  });

  it('keeps Chinese text as it is', () => {
    expect(normalizeBlank(' 北京 ')).toBe('北京');
  });

  it('composes the same letter typed two ways', () => {
    expect(normalizeBlank('Cafe\u0301')).toBe(normalizeBlank('CAFÉ'));
  });

  it('composes again after lower-casing: T with diaeresis has only a lower-case letter', () => {
    expect(normalizeBlank('T\u0308')).toBe('\u1e97');
    expect(normalizeBlank('\u1e97')).toBe('\u1e97');
    expect(normalizeBlank('\u0391\u0342')).toBe(normalizeBlank('\u1fb6'));
  });

  it('is idempotent for any text', () => {
    // Letters followed by combining marks find the cases where case and composition interact.
    const marked = fc.string({
      unit: fc.oneof(
        fc.constantFrom('\u0301', '\u0307', '\u0308', '\u0342', '\u0345', '\u3099', ' ', '\u3000'),
        fc.integer({ min: 0x41, max: 0x3ff }).map((c) => String.fromCodePoint(c)),
      ),
    });
    fc.assert(
      fc.property(fc.oneof(fc.string({ unit: 'binary' }), fc.string({ unit: 'grapheme' }), marked), (value) => {
        const once = normalizeBlank(value);
        expect(normalizeBlank(once)).toBe(once);
      }),
      { numRuns: 2000 },
    );
  });

  it('equates printable ASCII with its full-width and upper-case forms', () => {
    const toFullWidth = (value: string) =>
      [...value].map((c) => (c === ' ' ? '\u3000' : String.fromCharCode(c.charCodeAt(0) + 0xfee0))).join('');
    fc.assert(
      fc.property(
        fc.string({ unit: fc.integer({ min: 0x20, max: 0x7e }).map((c) => String.fromCharCode(c)) }),
        (ascii) => {
          const expected = normalizeBlank(ascii);
          expect(normalizeBlank(toFullWidth(ascii))).toBe(expected);
          expect(normalizeBlank(ascii.toUpperCase())).toBe(expected);
          expect(normalizeBlank(`  ${ascii.replaceAll(' ', ' \t ')}\u3000`)).toBe(expected);
        },
      ),
    );
  });
});

describe('splitPoints', () => {
  it('gives the remainder to the first parts', () => {
    expect(splitPoints(5, 3)).toEqual([2, 2, 1]);
    expect(splitPoints(6, 3)).toEqual([2, 2, 2]);
    expect(splitPoints(2, 3)).toEqual([1, 1, 0]);
    expect(splitPoints(4, 0)).toEqual([]);
  });

  it('always adds up to the points, in shares at most one apart, largest first', () => {
    fc.assert(
      fc.property(fc.nat(1000), fc.integer({ min: 1, max: 20 }), (points, parts) => {
        const shares = splitPoints(points, parts);
        expect(shares).toHaveLength(parts);
        expect(shares.reduce((a, b) => a + b, 0)).toBe(points);
        expect(shares).toEqual([...shares].sort((a, b) => b - a));
        expect(Math.max(...shares) - Math.min(...shares)).toBeLessThanOrEqual(1);
      }),
    );
  });
});

// ---------------------------------------------------------------------------------------------
// One answer

describe('scoreAnswer: single select and true or false', () => {
  it('gives all points for the right key, nothing for another', () => {
    expect(scoreAnswer(single('B'), 5, choice('B'))).toEqual({ verdict: 'RIGHT', score: 5 });
    expect(scoreAnswer(single('B'), 5, choice('C'))).toEqual({ verdict: 'WRONG', score: 0 });
    expect(scoreAnswer(trueOrFalse('false'), 2, choice('false'))).toEqual({ verdict: 'RIGHT', score: 2 });
    expect(scoreAnswer(trueOrFalse('false'), 2, choice('true'))).toEqual({ verdict: 'WRONG', score: 0 });
  });

  it('counts no answer and no keys as unanswered', () => {
    expect(scoreAnswer(single('B'), 5, null)).toEqual({ verdict: 'UNANSWERED', score: 0 });
    expect(scoreAnswer(single('B'), 5, choice())).toEqual({ verdict: 'UNANSWERED', score: 0 });
    expect(scoreAnswer(trueOrFalse('true'), 2, null)).toEqual({ verdict: 'UNANSWERED', score: 0 });
  });

  it('refuses points for several keys, even with the right one among them', () => {
    expect(scoreAnswer(single('B'), 5, choice('B', 'C'))).toEqual({ verdict: 'WRONG', score: 0 });
    expect(scoreAnswer(trueOrFalse('true'), 2, choice('true', 'false'))).toEqual({ verdict: 'WRONG', score: 0 });
  });

  it('reads a key chosen twice as one', () => {
    expect(scoreAnswer(single('B'), 5, choice('B', 'B'))).toEqual({ verdict: 'RIGHT', score: 5 });
  });

  it('treats a key the question does not have as wrong', () => {
    expect(scoreAnswer(single('B'), 5, choice('Z'))).toEqual({ verdict: 'WRONG', score: 0 });
    expect(scoreAnswer(single('B'), 5, choice('b'))).toEqual({ verdict: 'WRONG', score: 0 });
  });

  it('accepts any of several right keys (a corrected question), but only one of them', () => {
    const corrected: ScorableQuestion = { ...single('B'), answer: { kind: 'CHOICE', keys: ['B', 'D'] } };
    expect(scoreAnswer(corrected, 5, choice('D'))).toEqual({ verdict: 'RIGHT', score: 5 });
    expect(scoreAnswer(corrected, 5, choice('B'))).toEqual({ verdict: 'RIGHT', score: 5 });
    expect(scoreAnswer(corrected, 5, choice('B', 'D'))).toEqual({ verdict: 'WRONG', score: 0 });
  });
});

describe('scoreAnswer: multiple select', () => {
  it('gives all points for exactly the right keys, in any order', () => {
    expect(scoreAnswer(multi('A', 'C', 'D'), 6, choice('D', 'A', 'C'))).toEqual({ verdict: 'RIGHT', score: 6 });
  });

  it('gives nothing once any chosen key is wrong', () => {
    expect(scoreAnswer(multi('A', 'C'), 6, choice('A', 'C', 'E'))).toEqual({ verdict: 'WRONG', score: 0 });
    expect(scoreAnswer(multi('A', 'C'), 6, choice('B'))).toEqual({ verdict: 'WRONG', score: 0 });
    expect(scoreAnswer(multi('A', 'C'), 6, choice('A', 'Z'))).toEqual({ verdict: 'WRONG', score: 0 });
  });

  it('gives a share for each right key of a strict subset, rounded down', () => {
    expect(scoreAnswer(multi('A', 'C'), 6, choice('C'))).toEqual({ verdict: 'PARTIAL', score: 3 });
    expect(scoreAnswer(multi('A', 'B', 'C'), 6, choice('A', 'B'))).toEqual({ verdict: 'PARTIAL', score: 4 });
    expect(scoreAnswer(multi('A', 'B', 'C'), 5, choice('A'))).toEqual({ verdict: 'PARTIAL', score: 1 });
    expect(scoreAnswer(multi('A', 'B', 'C', 'D'), 4, choice('A', 'B', 'D'))).toEqual({ verdict: 'PARTIAL', score: 3 });
  });

  it('keeps the verdict PARTIAL when the share rounds down to nothing', () => {
    expect(scoreAnswer(multi('A', 'B'), 1, choice('A'))).toEqual({ verdict: 'PARTIAL', score: 0 });
  });

  it('counts no keys as unanswered', () => {
    expect(scoreAnswer(multi('A', 'B'), 4, choice())).toEqual({ verdict: 'UNANSWERED', score: 0 });
  });
});

describe('scoreAnswer: fill in the blank', () => {
  const capitals = fillBlank(['Paris'], ['Berlin', 'Berlín'], ['Rome', 'Roma']);

  it('matches each blank after normalizing both sides', () => {
    expect(scoreAnswer(capitals, 6, blanks(' ＰＡＲＩＳ ', 'berlin', 'ROMA'))).toEqual({ verdict: 'RIGHT', score: 6 });
    expect(scoreAnswer(fillBlank(['ＨＴＭＬ ５']), 2, blanks('html  5'))).toEqual({ verdict: 'RIGHT', score: 2 });
  });

  it('gives each right blank its share, the remainder on the first blanks', () => {
    expect(scoreAnswer(capitals, 5, blanks('Paris', 'Munich', 'Rome'))).toEqual({ verdict: 'PARTIAL', score: 3 });
    expect(scoreAnswer(capitals, 5, blanks('Lyon', 'Munich', 'Rome'))).toEqual({ verdict: 'PARTIAL', score: 1 });
    expect(scoreAnswer(capitals, 5, blanks('Lyon', 'Munich', 'Milan'))).toEqual({ verdict: 'WRONG', score: 0 });
  });

  it('never gives a partly right answer all the points, when there are fewer points than blanks', () => {
    // 1 point over 2 blanks is shared 1 and 0: the first blank alone is not the whole answer.
    const two = fillBlank(['a b'], ['Paris']);
    expect(scoreAnswer(two, 1, blanks(' a  b '))).toEqual({ verdict: 'PARTIAL', score: 0 });
    expect(scoreAnswer(two, 1, blanks('a b', 'paris'))).toEqual({ verdict: 'RIGHT', score: 1 });
    expect(scoreAnswer(capitals, 2, blanks('Paris', 'Berlin'))).toEqual({ verdict: 'PARTIAL', score: 1 });
  });

  it('does not take a near miss', () => {
    expect(scoreAnswer(fillBlank(['Paris']), 2, blanks('Pari s'))).toEqual({ verdict: 'WRONG', score: 0 });
    expect(scoreAnswer(fillBlank(['北京']), 2, blanks('南京'))).toEqual({ verdict: 'WRONG', score: 0 });
  });

  it('counts blanks left empty or blank as unanswered', () => {
    expect(scoreAnswer(capitals, 6, blanks('', ' ', '\u3000'))).toEqual({ verdict: 'UNANSWERED', score: 0 });
    expect(scoreAnswer(capitals, 6, blanks())).toEqual({ verdict: 'UNANSWERED', score: 0 });
  });

  it('ignores texts beyond the blanks and takes missing ones as empty', () => {
    expect(scoreAnswer(capitals, 6, blanks('Paris', 'Berlin', 'Rome', 'Madrid'))).toEqual({
      verdict: 'RIGHT',
      score: 6,
    });
    expect(scoreAnswer(fillBlank(['a']), 2, blanks('', 'a'))).toEqual({ verdict: 'UNANSWERED', score: 0 });
    expect(scoreAnswer(capitals, 6, blanks('Paris'))).toEqual({ verdict: 'PARTIAL', score: 2 });
  });
});

describe('scoreAnswer: ask and answer', () => {
  it('waits for a reviewer when anything was written or uploaded', () => {
    expect(scoreAnswer(askAndAnswer, 10, text('Because…'))).toEqual({ verdict: 'PENDING_REVIEW', score: null });
    expect(scoreAnswer(askAndAnswer, 10, text('', ['/api/files/1']))).toEqual({
      verdict: 'PENDING_REVIEW',
      score: null,
    });
  });

  it('scores nothing written as unanswered, with nothing to review', () => {
    expect(scoreAnswer(askAndAnswer, 10, null)).toEqual({ verdict: 'UNANSWERED', score: 0 });
    expect(scoreAnswer(askAndAnswer, 10, text(' \n\u3000'))).toEqual({ verdict: 'UNANSWERED', score: 0 });
  });
});

describe('scoreAnswer: answers and questions that do not fit', () => {
  it('scores an answer of another kind as wrong, or unanswered when empty', () => {
    expect(scoreAnswer(single('A'), 5, blanks('A'))).toEqual({ verdict: 'WRONG', score: 0 });
    expect(scoreAnswer(fillBlank(['a']), 5, choice('A'))).toEqual({ verdict: 'WRONG', score: 0 });
    expect(scoreAnswer(askAndAnswer, 5, choice('A'))).toEqual({ verdict: 'WRONG', score: 0 });
    expect(scoreAnswer(single('A'), 5, blanks(''))).toEqual({ verdict: 'UNANSWERED', score: 0 });
  });

  it('names what makes a question unscorable', () => {
    expect(questionProblem(single('A'))).toBeNull();
    expect(questionProblem(fillBlank(['a'], ['b', '']))).toBeNull();
    expect(questionProblem(askAndAnswer)).toBeNull();
    expect(questionProblem({ ...single('A'), answer: { kind: 'BLANKS', accepted: [['A']] } })).toMatch(/CHOICE/);
    expect(questionProblem({ ...multi(), answer: { kind: 'CHOICE', keys: [] } })).toMatch(/no right key/);
    expect(questionProblem(single('Z'))).toMatch(/Z is not an option/);
    expect(questionProblem({ ...trueOrFalse('true'), options: [] })).toMatch(/not an option/);
    expect(questionProblem(fillBlank())).toMatch(/no blank/);
    expect(questionProblem(fillBlank(['a'], [' ', '']))).toMatch(/blank 2 accepts no text/);
    expect(questionProblem({ ...fillBlank(['a']), answer: { kind: 'CHOICE', keys: ['a'] } })).toMatch(/BLANKS/);
  });

  it('leaves an answer to an unscorable question to a reviewer rather than failing it', () => {
    expect(scoreAnswer(single('Z'), 5, choice('A'))).toEqual({ verdict: 'PENDING_REVIEW', score: null });
    expect(scoreAnswer(fillBlank(['']), 5, blanks('x'))).toEqual({ verdict: 'PENDING_REVIEW', score: null });
    expect(scoreAnswer(single('Z'), 5, null)).toEqual({ verdict: 'UNANSWERED', score: 0 });
  });

  it('refuses points that are not a whole number from 0 (a bug upstream)', () => {
    expect(() => scoreAnswer(single('A'), -1, choice('A'))).toThrow(RangeError);
    expect(() => scoreAnswer(single('A'), 1.5, choice('A'))).toThrow(RangeError);
    expect(scoreAnswer(single('A'), 0, choice('A'))).toEqual({ verdict: 'RIGHT', score: 0 });
  });
});

// ---------------------------------------------------------------------------------------------
// Properties of one answer

const keyPool = ['A', 'B', 'C', 'D', 'E', 'F', 'true', 'false'];
const choiceTypes = ['SINGLE_SELECT', 'MULTI_SELECT', 'TRUE_OR_FALSE'] as const;
const blankText = fc.oneof(
  fc.constantFrom('Paris', 'ＡＢＣ１２３', ' a  b ', '北京', '', ' '),
  fc.string({ maxLength: 8 }),
);

/** Any question the table could hold, well-formed or not. */
const anyQuestion: fc.Arbitrary<ScorableQuestion> = fc.record({
  type: fc.constantFrom(...quizTypes),
  options: fc.uniqueArray(fc.constantFrom(...keyPool)).map((keys) => optionsOf(...keys)),
  answer: fc.oneof(
    fc.record({ kind: fc.constant('CHOICE' as const), keys: fc.array(fc.constantFrom(...keyPool), { maxLength: 6 }) }),
    fc.record({
      kind: fc.constant('BLANKS' as const),
      accepted: fc.array(fc.array(blankText, { maxLength: 3 }), { maxLength: 5 }),
    }),
    fc.constant<QuestionAnswer>({ kind: 'REFERENCE', text: { cn: '参考', en: 'Reference' } }),
  ),
});

/** Any answer a client could save, null included. */
const anyGiven: fc.Arbitrary<GivenAnswer | null> = fc.oneof(
  fc.constant(null),
  fc.array(fc.constantFrom(...keyPool, 'Z', 'a'), { maxLength: 8 }).map((keys) => choice(...keys)),
  fc.array(blankText, { maxLength: 7 }).map((texts) => blanks(...texts)),
  fc.record({
    kind: fc.constant('TEXT' as const),
    text: fc.string({ maxLength: 20 }),
    images: fc.array(fc.constant('/api/files/1'), { maxLength: 2 }),
  }),
);

const points = fc.integer({ min: 1, max: 100 });

/** A well-formed choice question with its right keys and the other options. */
const choiceQuestion = fc
  .record({
    type: fc.constantFrom(...choiceTypes),
    keys: fc.shuffledSubarray(['A', 'B', 'C', 'D', 'E', 'F'], { minLength: 2 }),
    rightCount: fc.integer({ min: 1, max: 6 }),
  })
  .map(({ type, keys, rightCount }) => {
    const right = keys.slice(0, type === 'MULTI_SELECT' ? Math.min(rightCount, keys.length) : 1);
    const question: ScorableQuestion = { type, options: optionsOf(...keys), answer: { kind: 'CHOICE', keys: right } };
    return { question, right };
  });

/** A string that normalizes to the same text: full width, upper case, padded. */
function disguised(value: string, how: number): string {
  if (how === 0) return value.toUpperCase();
  if (how === 1) return ` \u3000${value.replaceAll(' ', '  ')} `;
  if (how === 2) return value.replace(/[!-~]/g, (c) => String.fromCharCode(c.charCodeAt(0) + 0xfee0));
  return value;
}

describe('scoreAnswer properties', () => {
  it('scores every answer to every question from 0 to its points, null only while waiting for review', () => {
    fc.assert(
      // A paper's points are above 0 (paper_questions_score_check): with 0 a partial answer could
      // not score below them.
      fc.property(anyQuestion, points, anyGiven, (question, pointsOf, given) => {
        const { verdict, score } = scoreAnswer(question, pointsOf, given);
        if (verdict === 'PENDING_REVIEW') {
          expect(score).toBeNull();
        } else {
          expect(score).not.toBeNull();
          expect(score).toBeGreaterThanOrEqual(0);
          expect(score).toBeLessThanOrEqual(pointsOf);
          expect(Number.isInteger(score)).toBe(true);
        }
        if (verdict === 'RIGHT') expect(score).toBe(pointsOf);
        if (verdict === 'WRONG' || verdict === 'UNANSWERED') expect(score).toBe(0);
        if (verdict === 'PARTIAL') expect(score).toBeLessThan(pointsOf);
      }),
      { numRuns: 3000 },
    );
  });

  it('gives all points to the right keys', () => {
    fc.assert(
      fc.property(choiceQuestion, points, ({ question, right }, p) => {
        expect(scoreAnswer(question, p, choice(...right))).toEqual({ verdict: 'RIGHT', score: p });
      }),
    );
  });

  it('gives all points to accepted blanks, however they are typed', () => {
    const accepted = fc.array(
      fc.array(fc.oneof(fc.constantFrom('Paris', 'html 5', 'e=mc2', '北京'), fc.string({ minLength: 1 })), {
        minLength: 1,
        maxLength: 3,
      }),
      { minLength: 1, maxLength: 5 },
    );
    fc.assert(
      fc.property(accepted, points, fc.nat(), fc.nat(3), (texts, p, pick, how) => {
        const question = fillBlank(...texts);
        fc.pre(questionProblem(question) === null);
        const answer = texts.map((options) => {
          const usable = options.filter((option) => normalizeBlank(option) !== '');
          return disguised(usable[pick % usable.length] ?? '', how);
        });
        expect(scoreAnswer(question, p, blanks(...answer))).toEqual({ verdict: 'RIGHT', score: p });
      }),
    );
  });

  it('scores chosen keys the same in any order and with repeats', () => {
    const keysAndPermutation = fc
      .array(fc.constantFrom(...keyPool, 'Z'), { maxLength: 6 })
      .chain((keys) => fc.tuple(fc.constant(keys), fc.shuffledSubarray(keys, { minLength: keys.length })));
    fc.assert(
      fc.property(
        fc.oneof(
          anyQuestion,
          choiceQuestion.map((built) => built.question),
        ),
        points,
        keysAndPermutation,
        (question, p, [keys, permuted]) => {
          const expected = scoreAnswer(question, p, choice(...keys));
          expect(scoreAnswer(question, p, choice(...permuted))).toEqual(expected);
          expect(scoreAnswer(question, p, choice(...keys, ...keys))).toEqual(expected);
        },
      ),
      { numRuns: 1000 },
    );
  });

  it('never gives a multiple select more for a wrong key, nor full points for fewer keys', () => {
    fc.assert(
      fc.property(choiceQuestion, points, fc.nat(), (built, p, cut) => {
        const { question, right } = built;
        fc.pre(question.type === 'MULTI_SELECT' && right.length > 1);
        const subset = right.slice(0, 1 + (cut % (right.length - 1)));
        const partial = scoreAnswer(question, p, choice(...subset));
        expect(partial.verdict).toBe('PARTIAL');
        expect(partial.score).toBe(Math.floor((p * subset.length) / right.length));
        const wrongKey = question.options.map((o) => o.key).find((k) => !right.includes(k));
        if (wrongKey !== undefined) {
          expect(scoreAnswer(question, p, choice(...right, wrongKey))).toEqual({ verdict: 'WRONG', score: 0 });
        }
      }),
    );
  });
});

// ---------------------------------------------------------------------------------------------
// An attempt

/** A paper of every type: 5 + 6 + 2 + 6 + 10 + 10 = 39 points. */
function mixedPaper(answers: {
  single?: GivenAnswer | null;
  multi?: GivenAnswer | null;
  trueOrFalse?: GivenAnswer | null;
  fill?: GivenAnswer | null;
  essay?: GivenAnswer | null;
  essay2?: GivenAnswer | null;
}): ScoringItem[] {
  return [
    item(1, single('B'), 5, answers.single ?? null),
    item(2, multi('A', 'C', 'D'), 6, answers.multi ?? null),
    item(3, trueOrFalse('true'), 2, answers.trueOrFalse ?? null),
    item(4, fillBlank(['Paris'], ['Rome']), 6, answers.fill ?? null),
    item(5, askAndAnswer, 10, answers.essay ?? null),
    item(6, askAndAnswer, 10, answers.essay2 ?? null),
  ];
}

describe('scoreAttempt', () => {
  it('scores a paper without subjective answers to review: COMPLETED with the score and pass', () => {
    const result = scoreAttempt(
      mixedPaper({ single: choice('B'), multi: choice('A', 'C'), trueOrFalse: choice('false'), fill: blanks('paris') }),
      8,
    );
    expect(result).toMatchObject({
      status: 'COMPLETED',
      totalScore: 39,
      objectiveScore: 5 + 4 + 0 + 3,
      subjectiveScore: 0,
      score: 12,
      passScore: 8,
      passed: true,
      // Only the single select is fully right: 1 of 6.
      correctPercent: 16,
    });
    expect(result.report).toEqual([
      {
        type: 'SINGLE_SELECT',
        questions: 1,
        right: 1,
        partlyRight: 0,
        wrong: 0,
        unanswered: 0,
        score: 5,
        totalScore: 5,
      },
      {
        type: 'MULTI_SELECT',
        questions: 1,
        right: 0,
        partlyRight: 1,
        wrong: 0,
        unanswered: 0,
        score: 4,
        totalScore: 6,
      },
      {
        type: 'TRUE_OR_FALSE',
        questions: 1,
        right: 0,
        partlyRight: 0,
        wrong: 1,
        unanswered: 0,
        score: 0,
        totalScore: 2,
      },
      { type: 'FILL_BLANK', questions: 1, right: 0, partlyRight: 1, wrong: 0, unanswered: 0, score: 3, totalScore: 6 },
      {
        type: 'ASK_AND_ANSWER',
        questions: 2,
        right: 0,
        partlyRight: 0,
        wrong: 0,
        unanswered: 2,
        score: 0,
        totalScore: 20,
      },
    ]);
    expect(result.items.map((i) => i.verdict)).toEqual([
      'RIGHT',
      'PARTIAL',
      'WRONG',
      'PARTIAL',
      'UNANSWERED',
      'UNANSWERED',
    ]);
  });

  it('waits for review while a subjective answer has been written', () => {
    const result = scoreAttempt(mixedPaper({ single: choice('B'), essay: text('My answer') }), 30);
    expect(result).toMatchObject({
      status: 'PENDING_REVIEW',
      objectiveScore: 5,
      subjectiveScore: 0,
      score: null,
      passed: null,
    });
    expect(result.report.find((r) => r.type === 'ASK_AND_ANSWER')).toEqual({
      type: 'ASK_AND_ANSWER',
      questions: 2,
      right: 0,
      partlyRight: 0,
      wrong: 0,
      unanswered: 1,
      score: null,
      totalScore: 20,
    });
    expect(result.report.find((r) => r.type === 'SINGLE_SELECT')?.score).toBe(5);
    expect(result.items.find((i) => i.questionId === 5)).toMatchObject({ needsReview: true, score: null });
    expect(result.items.find((i) => i.questionId === 6)).toMatchObject({ needsReview: false, score: 0 });
  });

  it('fails below the pass score and has no pass for homework', () => {
    expect(scoreAttempt(mixedPaper({ single: choice('B') }), 6).passed).toBe(false);
    expect(scoreAttempt(mixedPaper({ single: choice('B') }), 5).passed).toBe(true);
    expect(scoreAttempt(mixedPaper({ single: choice('B') }), null).passed).toBeNull();
  });

  it('reports only the types the paper has', () => {
    const result = scoreAttempt([item(1, single('A'), 3, choice('A')), item(2, single('A'), 3, null)], null);
    expect(result.report).toEqual([
      {
        type: 'SINGLE_SELECT',
        questions: 2,
        right: 1,
        partlyRight: 0,
        wrong: 0,
        unanswered: 1,
        score: 3,
        totalScore: 6,
      },
    ]);
    expect(result.correctPercent).toBe(50);
  });

  it('scores an empty paper as nothing of nothing', () => {
    expect(scoreAttempt([], 0)).toMatchObject({
      status: 'COMPLETED',
      score: 0,
      totalScore: 0,
      correctPercent: 0,
      passed: true,
      report: [],
    });
  });

  it('refuses a question listed twice (the caller joined wrongly)', () => {
    expect(() => scoreAttempt([item(1, single('A'), 3, null), item(1, single('A'), 3, null)], null)).toThrow(/twice/);
  });
});

describe('withReview', () => {
  const pending = () =>
    scoreAttempt(mixedPaper({ single: choice('B'), essay: text('One'), essay2: text('', ['/api/files/9']) }), 20);

  it('completes the attempt once every waiting answer has points', () => {
    const result = withReview(pending(), [
      { questionId: 5, score: 10 },
      { questionId: 6, score: 4 },
    ]);
    expect(result).toMatchObject({
      status: 'COMPLETED',
      objectiveScore: 5,
      subjectiveScore: 14,
      score: 19,
      passed: false,
      // The single select and the first essay are RIGHT: 2 of 6.
      correctPercent: 33,
    });
    expect(result.report.find((r) => r.type === 'ASK_AND_ANSWER')).toEqual({
      type: 'ASK_AND_ANSWER',
      questions: 2,
      right: 1,
      // Scored 4 of 10 by the reviewer: partly right, as its analysis says.
      partlyRight: 1,
      wrong: 0,
      unanswered: 0,
      score: 14,
      totalScore: 20,
    });
    expect(result.items.filter((i) => i.needsReview).map((i) => [i.verdict, i.score])).toEqual([
      ['RIGHT', 10],
      ['PARTIAL', 4],
    ]);
  });

  it('stays PENDING_REVIEW while some answers wait, and takes later points for the same answer', () => {
    const first = withReview(pending(), [{ questionId: 5, score: 0 }]);
    expect(first).toMatchObject({ status: 'PENDING_REVIEW', score: null, subjectiveScore: 0, passed: null });
    expect(first.items.find((i) => i.questionId === 5)).toMatchObject({ verdict: 'WRONG', score: 0 });
    const second = withReview(first, [
      { questionId: 6, score: 10 },
      { questionId: 5, score: 10 },
    ]);
    expect(second).toMatchObject({ status: 'COMPLETED', score: 25, passed: true });
  });

  it('refuses points above the question’s, negative or fractional', () => {
    for (const score of [11, -1, 2.5]) {
      expect(
        refusal(() =>
          withReview(pending(), [
            { questionId: 6, score: 1 },
            { questionId: 5, score },
          ]),
        ),
      ).toEqual({
        code: 'validationFailed',
        field: 'scores.1.score',
      });
    }
  });

  it('refuses a question not in the attempt, not waiting for review, or named twice', () => {
    const cases: ReviewScore[][] = [
      [{ questionId: 99, score: 0 }],
      [{ questionId: 1, score: 5 }],
      [
        { questionId: 5, score: 1 },
        { questionId: 5, score: 2 },
      ],
    ];
    for (const reviews of cases) {
      expect(refusal(() => withReview(pending(), reviews)).field).toBe(`scores.${reviews.length - 1}.questionId`);
    }
    // An essay left empty scored 0 by the rules: nothing for a reviewer to decide.
    const unansweredEssay = scoreAttempt(mixedPaper({ essay: text('x') }), null);
    expect(refusal(() => withReview(unansweredEssay, [{ questionId: 6, score: 3 }]))).toEqual({
      code: 'validationFailed',
      field: 'scores.0.questionId',
    });
  });
});

// ---------------------------------------------------------------------------------------------
// Properties of an attempt

const anyItems = fc
  .array(fc.tuple(anyQuestion, fc.integer({ min: 1, max: 20 }), anyGiven), { maxLength: 12 })
  .map((rows) => rows.map(([question, p, given], i) => item(i + 1, question, p, given)));

describe('scoreAttempt properties', () => {
  it('adds up: per type, over types, and over the attempt, before and after review', () => {
    fc.assert(
      fc.property(anyItems, fc.option(fc.nat(100), { nil: null }), fc.nat(), (items, passScore, seed) => {
        const scored = scoreAttempt(items, passScore);
        const reviews = scored.items
          .filter((i) => i.needsReview && (seed + i.questionId) % 3 !== 0)
          .map((i) => ({ questionId: i.questionId, score: (seed * i.questionId) % (i.points + 1) }));
        for (const result of [scored, withReview(scored, reviews)]) {
          const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
          const waiting = result.items.filter((i) => i.score === null);
          expect(sum(result.report.map((r) => r.questions))).toBe(items.length);
          expect(sum(result.report.map((r) => r.totalScore))).toBe(result.totalScore);
          expect(result.totalScore).toBe(sum(items.map((i) => i.points)));
          for (const r of result.report) {
            const pendingOfType = waiting.filter((i) => i.type === r.type).length;
            expect(r.right + r.partlyRight + r.wrong + r.unanswered + pendingOfType).toBe(r.questions);
            expect(r.score === null).toBe(pendingOfType > 0);
            if (r.score !== null) expect(r.score).toBeLessThanOrEqual(r.totalScore);
          }
          expect(result.status).toBe(waiting.length > 0 ? 'PENDING_REVIEW' : 'COMPLETED');
          if (result.score === null) {
            expect(waiting.length).toBeGreaterThan(0);
          } else {
            expect(result.score).toBe(result.objectiveScore + result.subjectiveScore);
            expect(result.score).toBe(sum(result.report.map((r) => r.score ?? 0)));
            expect(result.score).toBeLessThanOrEqual(result.totalScore);
            expect(result.passed).toBe(passScore === null ? null : result.score >= passScore);
          }
          const right = result.items.filter((i) => i.verdict === 'RIGHT').length;
          expect(result.correctPercent).toBe(items.length === 0 ? 0 : Math.floor((100 * right) / items.length));
          expect(result.correctPercent).toBeGreaterThanOrEqual(0);
          expect(result.correctPercent).toBeLessThanOrEqual(100);
        }
      }),
      { numRuns: 500 },
    );
  });

  it('gives full marks and 100 % to an attempt answered all right', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(choiceQuestion, points), { minLength: 1, maxLength: 10 }), (rows) => {
        const items = rows.map(([{ question, right }, p], i) => item(i + 1, question, p, choice(...right)));
        const result = scoreAttempt(items, null);
        expect(result.score).toBe(result.totalScore);
        expect(result.correctPercent).toBe(100);
        expect(result.report.every((r) => r.right === r.questions)).toBe(true);
      }),
    );
  });

  it('keeps the quiz type order of the contract in the report', () => {
    fc.assert(
      fc.property(anyItems, (items) => {
        const order = scoreAttempt(items, null).report.map((r) => quizTypes.indexOf(r.type as QuizType));
        expect(order).toEqual([...order].sort((a, b) => a - b));
      }),
    );
  });
});
