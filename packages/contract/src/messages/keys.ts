import type { ErrorCode, StatusTextKey } from '../errors.js';
import type { RuleId } from '../validation.js';

/** Every text the contract owns: one per error code, status, validation rule and common notice. */
export type CommonTextKey =
  | 'common.codeSent'
  | 'common.emailSent'
  | 'common.passwordReset'
  | 'common.saved'
  | 'common.uploaded'
  | 'common.uploadFailed'
  | 'common.submitFailed'
  // A 429's notice when the answer says how long to wait (Retry-After): seconds, or whole minutes.
  | 'common.retryInSeconds'
  | 'common.retryInMinutes';

export type ContractMessages = Record<`error.${ErrorCode}` | StatusTextKey | RuleId | CommonTextKey, string>;
