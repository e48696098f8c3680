import { z } from 'zod';
import { passwordLoginSchema, userSchema } from './auth.js';
import { formBoolean } from './common.js';
import { registerFields } from './register.js';
import { textInput, withPasswordsMatch } from './validation.js';

/*
 * WeChat official-account login (docs/product.md#wechat: loginHome, OAuthBindUser, OAuthBindRegister). Only
 * when the school's `wechatOfficialConfig.enable` is on and the server has WeChat settings;
 * otherwise these calls answer 403 `forbidden`. docs/product.md#session: both use rememberMe=true, which is
 * also the default here.
 *
 * 1. The page WeChat redirects to posts the `code` to POST /api/oauth/wechat/login.
 * 2. A WeChat account already bound to an account of this school logs in at once
 *    (`LOGGED_IN`). Otherwise the answer is `BIND_REQUIRED`, and the server keeps the WeChat
 *    identity for 10 minutes, tied to an HttpOnly cookie of its own (not readable by the page).
 * 3. POST /api/oauth/bind then binds that identity to an existing account after a password
 *    check (`isBindExistingUser=true`), or registers a new account with it
 *    (`isBindExistingUser=false`). Without a kept identity (never started, expired, already
 *    used): 404 `oauthUserNotFound`.
 */

export const oauthQuerySchema = z.object({ rememberMe: formBoolean.default(true) });

/** POST /api/oauth/wechat/login?rememberMe=true */
export const wechatLoginSchema = z.object({ code: textInput().trim().min(1).max(512) });
export type WechatLoginInput = z.infer<typeof wechatLoginSchema>;

export const oauthLoginResultSchema = z.discriminatedUnion('status', [
  z.object({ status: z.literal('LOGGED_IN'), user: userSchema }),
  z.object({ status: z.literal('BIND_REQUIRED') }),
]);
export type OauthLoginResult = z.infer<typeof oauthLoginResultSchema>;

/** POST /api/oauth/bind?isBindExistingUser=…&rememberMe=true */
export const oauthBindQuerySchema = z.object({
  isBindExistingUser: formBoolean,
  rememberMe: formBoolean.default(true),
});

/**
 * Body when `isBindExistingUser=true`: the account's username or phone and its password.
 * Wrong or unknown: 400 `badCredential` (rate-limited like a login); a disabled account:
 * 400 `oauthPhoneAbnormal`; an account already bound to another WeChat: 409 `conflict`.
 */
export const oauthBindExistingSchema = z.object({
  username: passwordLoginSchema.shape.username,
  password: passwordLoginSchema.shape.password,
});
export type OauthBindExisting = z.infer<typeof oauthBindExistingSchema>;

/**
 * Body when `isBindExistingUser=false`: the sign-up form with a `register` code. A phone whose
 * account is disabled: 400 `oauthPhoneAbnormal`; bound to an active account: 409 `phoneBound`
 * (bind that account instead: "Bind other account ?").
 */
export const oauthBindRegisterSchema = withPasswordsMatch(z.object(registerFields));
export type OauthBindRegister = z.infer<typeof oauthBindRegisterSchema>;

/** Both branches answer like a login. */
export const oauthBindResultSchema = z.object({ user: userSchema });
export type OauthBindResult = z.infer<typeof oauthBindResultSchema>;
