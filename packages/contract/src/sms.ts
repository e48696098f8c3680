import { z } from 'zod';
import { phoneSchema, smsCodeSchema } from './validation.js';

/*
 * SMS verification codes. A code is 6 digits, bound to one phone AND one purpose, valid for
 * `limits.smsCodeTtlSeconds`, used once, and dies after `limits.smsMaxWrongAttempts` wrong
 * tries (then `smsCodeNotSent`: send a new one). Only the latest code of a phone and purpose
 * is valid. Sends are limited: one per phone and purpose every `limits.smsResendSeconds`
 * (429 `tooManyRequests` with Retry-After), and per phone per day and per client address
 * (429 too). Both send calls check the captcha header.
 */

/**
 * What a code is for; a code of one purpose is refused by the calls of another.
 * - `login`: POST /api/login/sms, POST /api/register/code/verify (log in, or register by phone).
 * - `register`: POST /api/register and the register branch of POST /api/oauth/bind.
 *   Not sent to a phone that already has an account (409 `phoneBound`).
 * - `resetPassword`: POST /api/users/password/reset, POST /api/register/verify_token.
 *   Not sent to a phone without an account (404 `userNotFound`).
 * - `bindPhone`: POST /api/users/bind/phone. Needs a session; not sent to a phone bound to
 *   another account (409 `phoneBound`).
 */
export const smsPurposes = ['login', 'register', 'resetPassword', 'bindPhone'] as const;
export type SmsPurpose = (typeof smsPurposes)[number];

/** GET /api/users/sms/code?phone=…&purpose=… (captcha header). */
export const smsCodeQuerySchema = z.object({ phone: phoneSchema, purpose: z.enum(smsPurposes) });
export type SmsCodeQuery = z.infer<typeof smsCodeQuerySchema>;

/** POST /api/users/send/bind/phone/code (captcha header; session): a `bindPhone` code. */
export const bindPhoneCodeRequestSchema = z.object({ phone: phoneSchema });
export type BindPhoneCodeRequest = z.infer<typeof bindPhoneCodeRequestSchema>;

/** The answer of both sends: when the client may offer "resend", and how long the code lives. */
export const smsCodeSentSchema = z.object({
  resendAfterSeconds: z.number().int().positive(),
  expiresInSeconds: z.number().int().positive(),
});
export type SmsCodeSent = z.infer<typeof smsCodeSentSchema>;

/**
 * POST /api/users/verify/code: checks a code WITHOUT using it up, so a multi-step form can
 * move on and the final call still takes the same code. A wrong code counts as a wrong try
 * all the same (this is not a free oracle). Answers 204, or the SMS error codes.
 */
export const verifyCodeRequestSchema = z.object({
  phone: phoneSchema,
  purpose: z.enum(smsPurposes),
  code: smsCodeSchema,
});
export type VerifyCodeRequest = z.infer<typeof verifyCodeRequestSchema>;
