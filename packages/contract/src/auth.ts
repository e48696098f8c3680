import { z } from 'zod';
import { genders } from './enums.js';
import { ruleIds } from './validation.js';

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
  username: z.string({ error: ruleIds.loginIdRequired }).trim().min(1, { error: ruleIds.loginIdRequired }).max(64),
  password: z.string({ error: ruleIds.passwordRequired }).min(1, { error: ruleIds.passwordRequired }).max(128),
  rememberMe: z
    .union([z.boolean(), z.enum(['true', 'false', 'on', '1', '0'])])
    .optional()
    .transform((v) => v === true || v === 'true' || v === 'on' || v === '1'),
});
export type PasswordLoginInput = z.input<typeof passwordLoginSchema>;

export const loginResultSchema = z.object({ user: userSchema });
export type LoginResult = z.infer<typeof loginResultSchema>;

/** Header carrying the captcha token for login and SMS sends. */
export const captchaHeader = 'x-captcha-token';
