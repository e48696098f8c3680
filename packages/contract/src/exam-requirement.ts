/*
 * The rule of an exam's course to study first (docs/product.md#exam-flow), apart from the zod
 * schemas so that the lesson's exam panel reads it without loading zod. The server refuses an
 * attempt by it and the screens disable Start by it: one rule, one home.
 */

/** The course's share of lessons to learn, and the caller's own (null: a visitor, who is asked to log in instead). */
export interface RequirementProgress {
  progress: number;
  yourProgress: number | null;
}

/** True when the caller has still to study more of the course before an attempt may begin. */
export function requirementUnmet(requirement: RequirementProgress | null): boolean {
  return requirement !== null && requirement.yourProgress !== null && requirement.yourProgress < requirement.progress;
}
