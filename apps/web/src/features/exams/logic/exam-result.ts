import type { AttemptResult } from '@school/contract/exam-taking';

/** The attempt the result screen shows: `?attempt=` when it is a whole positive number. */
export function attemptIdOf(param: string | null): number | null {
  if (param === null || !/^\d{1,9}$/.test(param)) return null;
  const id = Number(param);
  return id > 0 ? id : null;
}

/** How the result reads at a glance: its pass / fail, or that a teacher is still scoring it. */
export type ResultVerdict = 'passed' | 'failed' | 'reviewing';

/** The badge colours of each (the result and the attempt history). */
export const resultVerdictStyle: Record<ResultVerdict, string> = {
  passed: 'bg-success/10 text-success',
  failed: 'bg-canvas text-warning',
  reviewing: 'bg-brand-soft text-brand-strong',
};

export function resultVerdict(result: Pick<AttemptResult, 'status' | 'passed'>): ResultVerdict {
  if (result.status !== 'COMPLETED' || result.passed === null) return 'reviewing';
  return result.passed ? 'passed' : 'failed';
}
