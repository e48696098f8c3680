/**
 * Paths of the wrong-answer book (decision record 022), apart from apiPaths: apiPaths is in the
 * web app's first chunk, and only the book's own lazy screens call these.
 */
export const wrongAnswerPaths = {
  /** GET: the caller's wrong and partly right answers, newest first (`?exam={uid}` for one exam). */
  book: '/api/me/wrong-answers',
  /** GET: a practice round of the book's questions, without their answers. */
  practice: '/api/me/wrong-answers/practice',
  /** POST: checks one practice answer; records nothing. */
  practiceCheck: '/api/me/wrong-answers/practice/check',
} as const;
