// What the bench scripts' exam takers answer: a valid answer for a question, as the exam screen
// sends it (the n-th version, so each save differs from the last).
export function answerFor(question, n) {
  switch (question.type) {
    case 'FILL_BLANK':
      return { kind: 'BLANKS', texts: Array.from({ length: question.blankCount }, () => `answer ${n}`) };
    case 'ASK_AND_ANSWER':
      return { kind: 'TEXT', text: `My answer, version ${n}.`, images: [] };
    default:
      return { kind: 'CHOICE', keys: [question.options[n % question.options.length].key] };
  }
}
