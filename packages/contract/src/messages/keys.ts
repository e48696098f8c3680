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
  | 'common.submitFailed';

export type ContractMessages = Record<`error.${ErrorCode}` | StatusTextKey | RuleId | CommonTextKey, string>;
