/**
 * Business constants (docs/product.md#limits-and-constants). Kept apart from the zod schemas so that first-screen
 * code can read them without loading zod.
 */
export const limits = {
  usernameMin: 2,
  usernameMax: 20,
  passwordMin: 8,
  passwordMax: 20,
  smsCodeLength: 6,
  /** The resend countdown: a new code for the same phone and purpose no sooner than this. */
  smsResendSeconds: 60,
  /** How long a code is valid. */
  smsCodeTtlSeconds: 600,
  /** Wrong tries a code survives; after that it is dead and a new one must be sent. */
  smsMaxWrongAttempts: 5,
  nicknameMax: 30,
  introductionMax: 300,
  /** The text of a rating on a course or classroom. */
  commentMax: 2000,
  /** A note taken on a lesson. */
  noteMax: 2000,
  /** A question on a course's board: its title, and its text or an answer's. */
  threadTitleMax: 100,
  threadTextMax: 5000,
  /** A search keyword: the search screen's and the catalogue lists' (courses, classrooms, articles). */
  keywordMax: 50,
  avatarMaxBytes: 5 * 1024 * 1024,
  uploadMaxBytes: 10 * 1024 * 1024,
  rememberMeDays: 10,
  redirectDelayMs: 1000,
} as const;
