import type { GivenAnswer, QuestionView, SavedAnswer } from '@school/contract/exam-taking';

/** The answer a question starts with: nothing chosen, every blank empty, no text. */
export function emptyAnswer(question: Pick<QuestionView, 'type' | 'blankCount'>): GivenAnswer {
  switch (question.type) {
    case 'FILL_BLANK':
      return { kind: 'BLANKS', texts: Array.from({ length: question.blankCount }, () => '') };
    case 'ASK_AND_ANSWER':
      return { kind: 'TEXT', text: '', images: [] };
    default:
      return { kind: 'CHOICE', keys: [] };
  }
}

/** Whether the learner has given anything (a flag alone is not an answer). */
export function isAnswered(answer: GivenAnswer | undefined): boolean {
  if (!answer) return false;
  switch (answer.kind) {
    case 'CHOICE':
      return answer.keys.length > 0;
    case 'BLANKS':
      return answer.texts.some((text) => text.trim() !== '');
    case 'TEXT':
      return answer.text.trim() !== '' || answer.images.length > 0;
  }
}

export type CardState = 'answered' | 'unanswered';

/** The numbers of the questions not answered yet, in order. */
export function unansweredNumbers(questions: QuestionView[], answers: Record<string, SavedAnswer>): number[] {
  return questions.filter((q) => !isAnswered(answers[q.id]?.answer)).map((q) => q.number);
}

/**
 * A fill-blank stem with each `{{blank}}` shown as a numbered gap; the inputs, labelled with
 * the same numbers, sit below the stem (inputs inside the stem's HTML would break its markup).
 */
export function markBlanks(stem: string): string {
  let number = 0;
  return stem.replace(/\{\{blank\}\}/g, () => {
    number += 1;
    return `<span class="exam-blank">(${number})&#8239;______</span>`;
  });
}
