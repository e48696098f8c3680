/**
 * Limits of an exam answer (decision record 012), apart from the zod schemas of exam-taking.ts
 * (which re-exports them) so that the answering screen reads them without loading zod.
 */
export const answerLimits = {
  /** Characters of an ask-and-answer text, and of one blank. */
  textMax: 5000,
  blankMax: 200,
  /** Uploaded images (their /api/files URLs) per ask-and-answer. */
  imagesMax: 6,
  /** Saves in one request (a replayed offline journal sends several). */
  savesMax: 100,
  /** After the deadline, saves made in time may still arrive for this long. */
  graceSeconds: 30,
} as const;
