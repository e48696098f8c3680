import { z } from 'zod';
import { ruleIds, textInput } from './validation.js';

/*
 * Account and security (docs/product.md#account-and-security): binding an email with a
 * verification link, and binding or unbinding WeChat for a signed-in learner. Every call but the
 * link's confirmation needs a session (401 `unauthorized`); each answers the caller's User.
 */

/** The email link's numbers (here, not in limits.ts: only the email screens carry them). */
export const emailLimits = {
  emailMax: 254,
  /** How long an email-binding link works ("email sent, check it in time"). */
  linkTtlSeconds: 30 * 60,
  /** A new email-binding link no sooner than this after the last. */
  resendSeconds: 60,
} as const;

/**
 * An email address (docs/product.md#validation-rules): one `@`, a dot in the domain, no spaces,
 * at most 254 characters (RFC 5321). Stored lower-cased, so one address is one account whatever
 * its capitals. Here rather than in validation.ts, so that only the email screen carries it.
 */
export const emailSchema = textInput({ error: ruleIds.emailRequired })
  .trim()
  .min(1, { error: ruleIds.emailRequired })
  .max(emailLimits.emailMax, { error: ruleIds.emailInvalid })
  .regex(/^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/, { error: ruleIds.emailInvalid })
  .transform((v) => v.toLowerCase());

/**
 * POST /api/users/bind/email: sends a link to `email` that binds it to the caller when opened.
 * Only the latest link of a learner works, for `emailLimits.linkTtlSeconds`. An email of another
 * account: 409 `emailBound`; the school's server sends no mail: 403 `emailUnavailable`; sent
 * too often: 429; the mail server refused: 502 `badGateway`.
 */
export const bindEmailSchema = z.object({ email: emailSchema });
export type BindEmail = z.input<typeof bindEmailSchema>;

export const emailLinkSentSchema = z.object({
  email: z.string(),
  /** How long the link works: the screen says to open it in time. */
  expiresInSeconds: z.number().int(),
  resendAfterSeconds: z.number().int(),
});
export type EmailLinkSent = z.infer<typeof emailLinkSentSchema>;

/** The token of an email link: 32 random bytes, base64url. */
export const emailTokenSchema = textInput()
  .trim()
  .regex(/^[A-Za-z0-9_-]{43}$/);

/**
 * POST /api/users/bind/email/confirm: the web route of the link posts its token. No session is
 * needed (the link may be opened in the mail app's browser): the token names the learner. Used,
 * replaced or too old: 400 `emailLinkInvalid`; the address was bound to
 * another account meanwhile: 409 `emailBound`. Answers which address was bound.
 */
export const confirmEmailSchema = z.object({ token: emailTokenSchema });
export type ConfirmEmail = z.infer<typeof confirmEmailSchema>;
export const emailConfirmedSchema = z.object({ email: z.string() });
export type EmailConfirmed = z.infer<typeof emailConfirmedSchema>;

export const accountSecurityPaths = {
  bindEmail: '/api/users/bind/email',
  confirmEmail: '/api/users/bind/email/confirm',
  bindWechat: '/api/users/bind/wechat',
} as const;

/** DELETE /api/users/bind/email: removes the caller's email (it is no way to log in). Answers the User. */

/**
 * POST /api/users/bind/wechat: binds the WeChat account of an OAuth `code` (the authorize
 * redirect, as at login) to the caller. Bound to another account: 409 `wechatBound`; the caller
 * has another WeChat already: 409 `conflict`; WeChat off for the school: 403 `forbidden`.
 * Binding the same WeChat again changes nothing. Answers the User.
 */
export const bindWechatSchema = z.object({ code: textInput().trim().min(1).max(512) });
export type BindWechat = z.infer<typeof bindWechatSchema>;

/**
 * DELETE /api/users/bind/wechat: unbinds the caller's WeChat. Refused with 409
 * `lastSignInMethod` when the account has neither a password nor a phone (WeChat is its only
 * way in). Answers the User.
 */
