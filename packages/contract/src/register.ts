import { z } from 'zod';
import { userSchema } from './auth.js';
import {
  newPasswordFields,
  nicknameSchema,
  phoneSchema,
  smsCodeSchema,
  textInput,
  usernameSchema,
  withPasswordsMatch,
} from './validation.js';

/** The account fields of a sign-up form (also the register branch of POST /api/oauth/bind). */
export const registerFields = {
  nickname: nicknameSchema,
  username: usernameSchema,
  ...newPasswordFields,
  phone: phoneSchema,
  code: smsCodeSchema,
};

/**
 * POST /api/register: creates the account with a `register` code sent to `phone`, and logs
 * it in (`?rememberMe=true` for the 10-day cookie). Refusals: the validation rules (400, docs/product.md#validation-rules), 409
 * `usernameTaken` / `phoneBound`, the SMS codes. Answers `{ user }` like a login.
 */
export const registerSchema = withPasswordsMatch(z.object(registerFields));
export type RegisterInput = z.infer<typeof registerSchema>;

/**
 * POST /api/register/code/verify?rememberMe= (captcha header): phone quick login that also
 * signs up. Takes a `login` code; logs in the phone's account, or creates one (a generated
 * username, the masked phone as nickname, no password: set one later through
 * POST /api/users/password). `created` tells which happened.
 */
export const codeLoginSchema = z.object({ phone: phoneSchema, code: smsCodeSchema });
export type CodeLoginInput = z.infer<typeof codeLoginSchema>;
export const codeLoginResultSchema = z.object({ user: userSchema, created: z.boolean() });
export type CodeLoginResult = z.infer<typeof codeLoginResultSchema>;

/**
 * Forgotten password in two steps, for a flow that asks for the new password on a second
 * screen (POST /api/users/password/reset does it in one call):
 * 1. POST /api/register/verify_token: takes a `resetPassword` code and answers a one-time
 *    reset token, valid `expiresInSeconds`.
 * 2. POST /api/register/reset_token (captcha header): sets the new password with the token;
 *    every session of the account ends. Answers 204. A used, expired or unknown token answers
 *    400 `smsCodeExpired`: the token stands for the code it was exchanged for; start again.
 */
export const resetTokenRequestSchema = z.object({ phone: phoneSchema, code: smsCodeSchema });
export type ResetTokenRequest = z.infer<typeof resetTokenRequestSchema>;
export const resetTokenSchema = z.object({ resetToken: z.string(), expiresInSeconds: z.number().int().positive() });
export type ResetToken = z.infer<typeof resetTokenSchema>;
export const resetWithTokenSchema = withPasswordsMatch(
  z.object({ resetToken: textInput().trim().min(1).max(128), ...newPasswordFields }),
);
export type ResetWithToken = z.infer<typeof resetWithTokenSchema>;
