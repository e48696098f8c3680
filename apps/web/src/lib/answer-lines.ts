import type { AttemptResult } from '@school/contract/exam-taking';

/*
 * An answer as lines of text, the same everywhere a learner reads one: the result's analysis
 * and the wrong-answer book (exams), handed-in homework and the practice round's feedback
 * (exam-taking).
 */

type Analysis = NonNullable<AttemptResult['analysis']>[number];

/** The colours of an answer's verdict badge: the result's analysis, the book and the practice round. */
export const answerVerdictStyle: Record<Analysis['verdict'], string> = {
  RIGHT: 'bg-success/10 text-success',
  PARTIAL: 'bg-brand-soft text-brand-strong',
  WRONG: 'bg-canvas text-warning',
  UNANSWERED: 'bg-canvas text-ink-muted',
  PENDING_REVIEW: 'bg-brand-soft text-brand-strong',
};

/** A fill-blank stem shows each `{{blank}}` as a numbered gap the answers below refer to. */
export function stemWithGaps(stem: string): string {
  let n = 0;
  return stem.replace(/\{\{blank\}\}/g, () => {
    n += 1;
    return ` (${n}) ____ `;
  });
}

/** Chosen keys as their options read ("B. 404"); a key the question no longer has stays a key. */
function choiceText(keys: readonly string[], options: Analysis['options']): string[] {
  const byKey = new Map(options.map((o) => [o.key, o.text]));
  return keys.map((key) => {
    const text = byKey.get(key);
    if (text === undefined) return key;
    // True / false options are words already: "True", not "true. True".
    return /^[A-Z]$/.test(key) ? `${key}. ${text}` : text;
  });
}

/** The parts of an answer, one line each: options, numbered blanks, or the text. */
export function givenAnswerLines(question: Pick<Analysis, 'given' | 'options'>): string[] {
  const given = question.given;
  if (given === null) return [];
  switch (given.kind) {
    case 'CHOICE':
      return choiceText(given.keys, question.options);
    case 'BLANKS':
      return given.texts.map((text, i) => `(${i + 1}) ${text}`);
    case 'TEXT':
      return given.text.trim() === '' ? [] : [given.text];
  }
}

export function rightAnswerLines(question: Pick<Analysis, 'rightAnswer' | 'options'>): string[] {
  const right = question.rightAnswer;
  switch (right.kind) {
    case 'CHOICE':
      return choiceText(right.keys, question.options);
    case 'BLANKS':
      return right.texts.map((text, i) => `(${i + 1}) ${text}`);
    case 'REFERENCE':
      return right.text.trim() === '' ? [] : [right.text];
  }
}
