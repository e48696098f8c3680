import type { Comment, CommentSummary } from '@school/contract/catalogue';
import { ratingScore } from './catalogue-format.js';

/*
 * Ratings and comments work the same on every product that has them (courses, classrooms): one
 * comment per learner, members only. The features keep their own tables and codes; these are
 * the rules and the wire shape they share.
 */

export interface CommentRow {
  id: number;
  score: number;
  content: string;
  createdAt: Date;
  user: { nickname: string; avatar: string | null };
}

export function toComment(row: CommentRow): Comment {
  return {
    id: row.id,
    user: row.user,
    score: row.score,
    content: row.content,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * The product's rating and whether this caller may comment, with the first reason they may not,
 * checked in the order a learner would ask: signed in, a member, not yet commented.
 */
export async function commentSummaryOf(
  product: { ratingTotal: number; ratingCount: number },
  userId: number | null,
  checks: {
    isMember: (userId: number) => Promise<boolean>;
    ownComment: (userId: number) => Promise<CommentSummary['yours']>;
  },
): Promise<CommentSummary> {
  let reason: CommentSummary['reason'] = null;
  // Their own rating is theirs to change or delete, whether or not they are still a member.
  const yours = userId === null ? null : await checks.ownComment(userId);
  if (userId === null) reason = 'anonymous';
  else if (yours !== null) reason = 'alreadyCommented';
  else if (!(await checks.isMember(userId))) reason = 'notMember';
  return {
    ratingScore: ratingScore(product.ratingTotal, product.ratingCount),
    ratingCount: product.ratingCount,
    canComment: reason === null,
    reason,
    yours,
  };
}

/** What a change of one's own rating came to, as the API answers it. */
export function ratingChangeRefusal(
  outcome: 'missing' | 'notYours' | 'done',
): 'notFound' | 'noPermissionModifyComment' | null {
  if (outcome === 'missing') return 'notFound';
  if (outcome === 'notYours') return 'noPermissionModifyComment';
  return null;
}
