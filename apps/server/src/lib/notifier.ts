/*
 * How a feature tells the notifications feature that something a learner should hear about has
 * happened (docs/product.md#notifications), without importing it: the composition root (app.ts)
 * hands each service the real one. Telling never fails the caller's own work: the notification
 * is made after that work committed, and the notifications job makes any a failure left out.
 */
export interface Notifier {
  /** A teacher finished grading an attempt at an exam. */
  examGraded(attemptId: number): Promise<void>;
  /** The school accepted or refused a refund. */
  refundDecided(refundId: number): Promise<void>;
}

export const noNotifier: Notifier = {
  examGraded: async () => {},
  refundDecided: async () => {},
};
