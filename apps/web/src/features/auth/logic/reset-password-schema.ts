import {
  newPasswordFields,
  phoneSchema,
  ruleIds,
  smsCodeSchema,
  withPasswordsMatch,
} from '@school/contract/validation';
import { z } from 'zod';

/** Forgotten password: the account's phone, a `resetPassword` code, the new password twice. */
export const resetPasswordFormSchema = withPasswordsMatch(
  z.object({ phone: phoneSchema, code: smsCodeSchema, ...newPasswordFields }),
);
export type ResetPasswordForm = z.infer<typeof resetPasswordFormSchema>;

/**
 * A signed-in learner's change: the current password (when the account has one: SMS and
 * WeChat sign-ups may not), the new one twice (docs/product.md#validation-rules: 8–20, letters and digits, matching).
 */
export function changePasswordFormSchema(hasPassword: boolean) {
  const oldPassword = hasPassword
    ? z.string({ error: ruleIds.passwordRequired }).min(1, { error: ruleIds.passwordRequired }).max(128)
    : z.string().max(128);
  return withPasswordsMatch(z.object({ oldPassword, ...newPasswordFields }));
}
export type ChangePasswordForm = z.infer<ReturnType<typeof changePasswordFormSchema>>;
