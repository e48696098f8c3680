import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import type { SmsCodeSent, SmsPurpose } from '@school/contract/sms';
import { limits } from '@school/contract/validation';
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../../lib/app-error.js';
import type { Clock } from '../../providers/clock.js';
import { enforceRateLimit, type RateLimitStore } from '../../providers/rate-limit-store.js';
import type { SmsSender } from '../../providers/sms/index.js';
import type { SmsCodesRepository } from './sms-codes.repository.js';

const hour = 60 * 60_000;

export const smsRules = {
  resendMs: limits.smsResendSeconds * 1000,
  ttlMs: limits.smsCodeTtlSeconds * 1000,
  maxWrongTries: limits.smsMaxWrongAttempts,
  /** Codes one phone may receive per day, whatever the purpose or school. */
  perPhonePerDay: 10,
  /** Codes one client address may ask for per hour. */
  perIpPerHour: 50,
} as const;

export interface SendCodeInput {
  tenantId: number;
  phone: string;
  purpose: SmsPurpose;
  ip: string;
}

export interface VerifyCodeInput {
  tenantId: number;
  phone: string;
  purpose: SmsPurpose;
  code: string;
  /** false: check only (the code stays usable); a wrong code still costs a try. */
  consume: boolean;
}

/**
 * Verification codes: made with a CSPRNG, kept only as an HMAC keyed by a server secret, one
 * live code per phone and purpose, single use, expiring, with a limited number of tries.
 * Who may receive a code for which purpose is the caller's business (users/register services).
 */
export function createSmsCodesService(deps: {
  repository: SmsCodesRepository;
  sender: SmsSender;
  rateLimits: RateLimitStore;
  clock: Clock;
  /** Server secret the code HMACs are keyed with (derived from SESSION_SECRET). */
  secret: string;
  log: FastifyBaseLogger;
}) {
  const { repository, sender, rateLimits, clock, log } = deps;
  const key = createHmac('sha256', deps.secret).update('sms-code-hmac').digest();

  const hashOf = (tenantId: number, phone: string, purpose: SmsPurpose, code: string) =>
    createHmac('sha256', key).update(`${tenantId}:${phone}:${purpose}:${code}`).digest();

  return {
    /**
     * Sends a code. `precheck` (who may receive one) runs after the per-address limit has
     * counted the request and before the per-phone ones: its refusals say whether a phone has
     * an account, so they cost a send like any other.
     */
    async send(input: SendCodeInput, precheck?: () => Promise<void>): Promise<SmsCodeSent> {
      const now = clock.now();
      await enforceRateLimit(
        rateLimits,
        { key: `sms:ip:${input.ip}`, limit: smsRules.perIpPerHour, windowMs: hour },
        now,
      );
      await precheck?.();
      const resendKey = `sms:resend:${input.tenantId}:${input.phone}:${input.purpose}`;
      await enforceRateLimit(rateLimits, { key: resendKey, limit: 1, windowMs: smsRules.resendMs }, now);
      await enforceRateLimit(
        rateLimits,
        { key: `sms:phone:${input.phone}`, limit: smsRules.perPhonePerDay, windowMs: 24 * hour },
        now,
      );

      const code = String(randomInt(0, 1_000_000)).padStart(limits.smsCodeLength, '0');
      const id = await repository.replace(input.tenantId, {
        phone: input.phone,
        purpose: input.purpose,
        codeHash: hashOf(input.tenantId, input.phone, input.purpose, code).toString('hex'),
        expiresAt: new Date(now.getTime() + smsRules.ttlMs),
        now,
      });
      try {
        await sender.send({ tenantId: input.tenantId, phone: input.phone, purpose: input.purpose, code });
      } catch (error) {
        log.error({ err: error, provider: sender.name }, 'SMS send failed');
        // Nothing reached the phone: no code to guess, and the learner may retry at once.
        await repository.remove(input.tenantId, id);
        await rateLimits.reset(resendKey);
        throw new AppError('smsSendFailed');
      }
      return { resendAfterSeconds: limits.smsResendSeconds, expiresInSeconds: limits.smsCodeTtlSeconds };
    },

    /**
     * Accepts the code or throws: `smsCodeNotSent` (none, used, or out of tries),
     * `smsCodeExpired`, `smsCodeWrong`.
     */
    async verify(input: VerifyCodeInput): Promise<void> {
      const refuse = (code: 'smsCodeNotSent' | 'smsCodeExpired' | 'smsCodeWrong') =>
        new AppError(code, { field: 'code' });
      const row = await repository.findLatestUnused(input.tenantId, input.phone, input.purpose);
      if (row === null || row.attempts >= smsRules.maxWrongTries) throw refuse('smsCodeNotSent');
      const now = clock.now();
      if (row.expiresAt.getTime() <= now.getTime()) throw refuse('smsCodeExpired');
      if (!(await repository.reserveTry(input.tenantId, row.id, smsRules.maxWrongTries)))
        throw refuse('smsCodeNotSent');

      const expected = Buffer.from(row.codeHash, 'hex');
      const given = hashOf(input.tenantId, input.phone, input.purpose, input.code);
      if (expected.length !== given.length || !timingSafeEqual(expected, given)) throw refuse('smsCodeWrong');

      if (!input.consume) {
        await repository.returnTry(input.tenantId, row.id);
        return;
      }
      if (!(await repository.consume(input.tenantId, row.id, now))) throw refuse('smsCodeNotSent');
    },
  };
}

export type SmsCodesService = ReturnType<typeof createSmsCodesService>;
