import { createHash, randomBytes } from 'node:crypto';
import { emailLimits, type EmailConfirmed, type EmailLinkSent } from '@school/contract/account-security';
import type { User } from '@school/contract/auth';
import type { Locale } from '@school/contract/enums';
import { ruleIds } from '@school/contract/validation';
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../../lib/app-error.js';
import type { Clock } from '../../providers/clock.js';
import type { MailSender } from '../../providers/mail/index.js';
import { enforceRateLimit, type RateLimitStore } from '../../providers/rate-limit-store.js';
import { WechatApiError, type WechatClient } from '../../providers/wechat/wechat-client.js';
import type { AuthRepository, UserRow } from './auth.repository.js';
import { presentUser } from './auth.service.js';
import { emailLinkMail } from './email-link-mail.js';

const hour = 60 * 60_000;

export const emailLinkRules = {
  ttlMs: emailLimits.linkTtlSeconds * 1000,
  resendMs: emailLimits.resendSeconds * 1000,
  /** Links one address may receive per day, whatever the school or account. */
  perAddressPerDay: 10,
  /** Links one client address may ask for per hour. */
  perIpPerHour: 50,
} as const;

/** The web route the link opens (the app's `emailConfirm`), under the school's own origin. */
export const emailConfirmPath = '/mobile/me/account/email/confirm';

const linkIdOf = (token: string) => createHash('sha256').update(token).digest('hex');

function emailBound(): AppError {
  return new AppError('emailBound', { field: 'email', rule: ruleIds.emailBound });
}

/**
 * Account and security beyond the profile (docs/product.md#account-and-security): an email bound
 * through a link sent to it, and WeChat bound or unbound by a signed-in learner.
 */
export function createAccountSecurityService(deps: {
  repository: AuthRepository;
  /** Null when the server sends no mail (EMAIL_PROVIDER=off). */
  mail: MailSender | null;
  rateLimits: RateLimitStore;
  /** Null when the server has no WeChat settings. */
  wechat: WechatClient | null;
  wechatEnabled: (tenantId: number) => Promise<boolean>;
  clock: Clock;
  log: FastifyBaseLogger;
}) {
  const { repository, rateLimits, clock, log } = deps;

  async function self(tenantId: number, userId: number): Promise<UserRow> {
    const row = await repository.findUserById(tenantId, userId);
    if (row === null) throw new AppError('unauthorized');
    return row;
  }

  const presentSelf = async (tenantId: number, userId: number): Promise<User> =>
    presentUser(await self(tenantId, userId));

  return {
    /** Sends a binding link to `email`; only the learner's latest link works. */
    async sendEmailLink(input: {
      tenantId: number;
      userId: number;
      email: string;
      ip: string;
      /** The school's origin the link opens on (the request's own). */
      origin: string;
      locale: Locale;
      /** The school's name in that language, for the mail. */
      school: string;
    }): Promise<EmailLinkSent> {
      const { tenantId, userId, email } = input;
      if (deps.mail === null) throw new AppError('emailUnavailable');
      const now = clock.now();
      await enforceRateLimit(
        rateLimits,
        { key: `email:ip:${input.ip}`, limit: emailLinkRules.perIpPerHour, windowMs: hour },
        now,
      );
      const owner = await repository.findUserByEmail(tenantId, email);
      if (owner !== null && owner.id !== userId) throw emailBound();
      const resendKey = `email:resend:${tenantId}:${userId}`;
      await enforceRateLimit(rateLimits, { key: resendKey, limit: 1, windowMs: emailLinkRules.resendMs }, now);
      await enforceRateLimit(
        rateLimits,
        { key: `email:address:${email}`, limit: emailLinkRules.perAddressPerDay, windowMs: 24 * hour },
        now,
      );

      const token = randomBytes(32).toString('base64url');
      const id = linkIdOf(token);
      await repository.replaceEmailLink(tenantId, {
        id,
        userId,
        email,
        expiresAt: new Date(now.getTime() + emailLinkRules.ttlMs),
        now,
      });
      const url = `${input.origin}${emailConfirmPath}?token=${token}`;
      try {
        await deps.mail.send({
          tenantId,
          to: email,
          ...emailLinkMail({
            locale: input.locale,
            school: input.school,
            url,
            minutes: emailLimits.linkTtlSeconds / 60,
          }),
        });
      } catch (error) {
        log.error({ err: error, provider: deps.mail.name }, 'mail send failed');
        // Nothing reached the learner: no link to guess, and they may ask again at once.
        await repository.removeEmailLink(tenantId, id);
        await rateLimits.reset(resendKey);
        throw new AppError('badGateway');
      }
      return {
        email,
        expiresInSeconds: emailLimits.linkTtlSeconds,
        resendAfterSeconds: emailLimits.resendSeconds,
      };
    },

    /** The link's token binds its address to the account that asked for it. */
    async confirmEmail(tenantId: number, token: string): Promise<EmailConfirmed> {
      const id = linkIdOf(token);
      const link = await repository.findEmailLink(tenantId, id);
      const now = clock.now();
      // Used, replaced, unknown or too old: one answer, one way on (a new link).
      if (link === null || link.consumedAt !== null || link.expiresAt.getTime() <= now.getTime()) {
        throw new AppError('emailLinkInvalid');
      }
      const result = await repository.useEmailLink(tenantId, id, now);
      if (!result.ok) throw emailBound();
      if (result.value === null) throw new AppError('emailLinkInvalid');
      return result.value;
    },

    /** Email is no way to log in: it can always be removed. */
    async unbindEmail(tenantId: number, userId: number): Promise<User> {
      await repository.clearEmail(tenantId, userId);
      return presentSelf(tenantId, userId);
    },

    /** Binds the WeChat account of an OAuth code (the authorize redirect) to the caller. */
    async bindWechat(tenantId: number, userId: number, code: string): Promise<User> {
      if (deps.wechat === null || !(await deps.wechatEnabled(tenantId))) throw new AppError('forbidden');
      let identity;
      try {
        identity = await deps.wechat.exchangeOAuthCode(code);
      } catch (error) {
        if (error instanceof WechatApiError && error.kind === 'refused')
          throw new AppError('badRequest', { field: 'code' });
        throw new AppError('badGateway', { cause: error });
      }
      const owner = await repository.findUserByIdentity(tenantId, 'wechat', identity.openid);
      if (owner !== null) {
        if (owner.id !== userId) throw new AppError('wechatBound');
        return presentUser(owner);
      }
      if (await repository.hasIdentity(tenantId, userId, 'wechat')) throw new AppError('conflict');
      const result = await repository.addIdentity(tenantId, userId, { provider: 'wechat', ...identity });
      if (!result.ok) {
        // Another request bound it first: this one, or someone else's.
        const now = await repository.findUserByIdentity(tenantId, 'wechat', identity.openid);
        if (now?.id === userId) return presentUser(now);
        throw new AppError(now === null ? 'conflict' : 'wechatBound');
      }
      return presentSelf(tenantId, userId);
    },

    /** Refused when WeChat is the account's only way to log in. Unbinding twice changes nothing. */
    async unbindWechat(tenantId: number, userId: number): Promise<User> {
      if (await repository.hasIdentity(tenantId, userId, 'wechat')) {
        if (!(await repository.removeIdentityKeepingSignIn(tenantId, userId, 'wechat'))) {
          throw new AppError('lastSignInMethod');
        }
      }
      return presentSelf(tenantId, userId);
    },
  };
}

export type AccountSecurityService = ReturnType<typeof createAccountSecurityService>;
