import { z } from 'zod';
import { formBoolean } from './common.js';
import { genders } from './enums.js';
import { phoneSchema, ruleIds, smsCodeSchema, textInput } from './validation.js';

export const userSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  nickname: z.string(),
  gender: z.enum(genders).nullable(),
  avatar: z.string().nullable(),
  introduction: z.string(),
  /** Masked for display, e.g. 138****8000; null when no phone is bound. */
  phone: z.string().nullable(),
  email: z.string().nullable(),
  wechatBound: z.boolean(),
});
export type User = z.infer<typeof userSchema>;

/** GET /api/auth/current: never an error; `user` is null for an anonymous visitor. */
export const authCurrentSchema = z.object({ user: userSchema.nullable() });
export type AuthCurrent = z.infer<typeof authCurrentSchema>;

/**
 * POST /api/login, form-urlencoded. `username` is a username or a phone number.
 * `rememberMe` keeps the session for 10 days; otherwise it ends with the browser or after
 * an idle period.
 */
export const passwordLoginSchema = z.object({
  username: textInput({ error: ruleIds.loginIdRequired }).trim().min(1, { error: ruleIds.loginIdRequired }).max(64),
  password: textInput({ error: ruleIds.passwordRequired }).min(1, { error: ruleIds.passwordRequired }).max(128),
  rememberMe: formBoolean.optional().transform((v) => v === true),
});
export type PasswordLoginInput = z.input<typeof passwordLoginSchema>;

export const loginResultSchema = z.object({ user: userSchema });
export type LoginResult = z.infer<typeof loginResultSchema>;

/**
 * POST /api/login/sms (form-urlencoded or JSON): phone quick login with a code sent for
 * purpose `login`. Logs in an existing account only; a phone without an account answers
 * 404 `userNotFound` and leaves the code unused, so the same code can go on to
 * POST /api/register/code/verify, which creates the account. Captcha header checked.
 */
export const smsLoginSchema = z.object({
  phone: phoneSchema,
  code: smsCodeSchema,
  rememberMe: formBoolean.optional().transform((v) => v === true),
});
export type SmsLoginInput = z.input<typeof smsLoginSchema>;

/**
 * Header carrying the captcha token for login, SMS sends and the other captcha-guarded calls.
 * With the `none` provider anything (or nothing) passes. With Aliyun AFS it holds the values
 * the AFS widget hands the page, form-encoded: `sessionId=…&sig=…&token=…&scene=…`
 * (`scene` may be left out when the server is configured with one).
 */
export const captchaHeader = 'x-captcha-token';

/** Query of the calls that start a session and let the client choose its length. */
export const rememberMeQuerySchema = z.object({ rememberMe: formBoolean.optional().transform((v) => v === true) });
