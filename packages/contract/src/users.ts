import { z } from 'zod';
import { genders } from './enums.js';
import {
  limits,
  newPasswordFields,
  nicknameSchema,
  phoneSchema,
  ruleIds,
  smsCodeSchema,
  textInput,
  usernameSchema,
  withPasswordsMatch,
} from './validation.js';

/*
 * The signed-in learner's own account (`/api/users/…`). Calls naming a user id act on the
 * caller only: another id answers 404 `userNotFound`, as if it did not exist (a learner never
 * learns anything about other accounts). Without a session: 401 `unauthorized`.
 */

/**
 * POST /api/users/{id}: the profile form. `nickname` is required; the other fields are left
 * alone when absent and cleared with null. `avatar` is the `url` answered by
 * POST /api/users/avatar for this user (or the current value unchanged). Answers the User.
 */
export const profileUpdateSchema = z.object({
  nickname: nicknameSchema,
  gender: z.enum(genders).nullable().optional(),
  introduction: textInput().trim().max(limits.introductionMax).nullable().optional(),
  avatar: textInput().trim().max(300).nullable().optional(),
});
export type ProfileUpdate = z.infer<typeof profileUpdateSchema>;

/** PUT /api/users/{id}/username: every rule of docs/product.md#validation-rules, then 409 `usernameTaken`. Answers the User. */
export const usernameChangeSchema = z.object({ username: usernameSchema });
export type UsernameChange = z.infer<typeof usernameChangeSchema>;

/**
 * POST /api/users/password: change the password. `oldPassword` is required when the account
 * has one (see GET /api/users/check/password); a wrong one answers 400 `badCredential`
 * (repeated failures: 429). The caller's other sessions end. Answers 204.
 */
export const passwordChangeSchema = withPasswordsMatch(
  z.object({ oldPassword: textInput().max(128).optional(), ...newPasswordFields }),
);
export type PasswordChange = z.infer<typeof passwordChangeSchema>;

/**
 * POST /api/users/password/reset: forgotten password, with a `resetPassword` code sent to the
 * account's phone. No session needed. Every session of the account ends. Answers 204.
 */
export const passwordResetSchema = withPasswordsMatch(
  z.object({ phone: phoneSchema, code: smsCodeSchema, ...newPasswordFields }),
);
export type PasswordReset = z.infer<typeof passwordResetSchema>;

/**
 * POST /api/users/bind/phone: bind or change the caller's mobile with a `bindPhone` code sent
 * to the new number. A number bound to another account: 409 `phoneBound`. Answers the User.
 */
export const bindPhoneSchema = z.object({ phone: phoneSchema, code: smsCodeSchema });
export type BindPhone = z.infer<typeof bindPhoneSchema>;

/** GET /api/users/check/username?username= and GET /api/register/check/username?username= */
export const usernameCheckQuerySchema = z.object({ username: usernameSchema });
/** GET /api/users/check/phone?phone= and GET /api/register/check/phone?phone= */
export const phoneCheckQuerySchema = z.object({ phone: phoneSchema });

/**
 * Answer of the availability checks. A value breaking a validation rule (docs/product.md#validation-rules) is refused with 400
 * `validationFailed` + `rule` instead. Under /api/users/ the caller's own username or phone
 * counts as available; under /api/register/ nothing is "own".
 */
export const availabilitySchema = z.object({ available: z.boolean() });
export type Availability = z.infer<typeof availabilitySchema>;

/**
 * GET /api/users/check/id-no?idNo=: whether a mainland resident identity number is well formed
 * (region digit, real birth date, check character). No account stores one yet, so there is
 * no uniqueness to check; `valid` is the whole answer.
 */
export const idNoCheckQuerySchema = z.object({ idNo: textInput().trim().min(1).max(32) });
export const idNoCheckSchema = z.object({ valid: z.boolean() });
export type IdNoCheck = z.infer<typeof idNoCheckSchema>;

/** GET /api/users/check/password: whether the caller has a password (WeChat sign-ups may not). */
export const passwordStatusSchema = z.object({ hasPassword: z.boolean() });
export type PasswordStatus = z.infer<typeof passwordStatusSchema>;

/**
 * GET /api/users/{id}/check/password?password=: whether `password` is the caller's password
 * (a confirmation step before a sensitive change). Failures are counted with the password
 * change's: too many answer 429.
 */
export const passwordCheckQuerySchema = z.object({
  password: textInput({ error: ruleIds.passwordRequired }).min(1, { error: ruleIds.passwordRequired }).max(128),
});
export const passwordCheckSchema = z.object({ valid: z.boolean() });
export type PasswordCheck = z.infer<typeof passwordCheckSchema>;

/**
 * GET /api/users/phone/{phone}: whether an account of this school uses the number, and
 * nothing else about it. Limited per client address (429).
 */
export const phoneLookupParamsSchema = z.object({ phone: phoneSchema });
export const phoneLookupSchema = z.object({ exists: z.boolean() });
export type PhoneLookup = z.infer<typeof phoneLookupSchema>;
