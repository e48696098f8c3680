import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../clock.js';
import { maskPhone } from '../../lib/request-log.js';
import type { SmsMessage, SmsSender } from './sms-sender.js';

export interface SentSms extends SmsMessage {
  sentAt: Date;
}

export interface ConsoleSmsSender extends SmsSender {
  readonly name: 'console';
  /** The latest code "sent" to a phone of a school (GET /api/dev/sms/latest). */
  latest(tenantId: number, phone: string): SentSms | null;
}

// Enough for any browser test run; the oldest phone is forgotten first.
const keptPhones = 1000;

/**
 * Development provider: prints each code to the server log instead of sending it, and keeps
 * the latest per phone in memory for the dev route. Refused in production (config/env.ts).
 */
export function createConsoleSms(log: FastifyBaseLogger, clock: Clock): ConsoleSmsSender {
  const latestByPhone = new Map<string, SentSms>();
  return {
    name: 'console',
    async send(message) {
      const key = `${message.tenantId}:${message.phone}`;
      latestByPhone.delete(key);
      latestByPhone.set(key, { ...message, sentAt: clock.now() });
      if (latestByPhone.size > keptPhones) {
        const oldest = latestByPhone.keys().next().value;
        if (oldest !== undefined) latestByPhone.delete(oldest);
      }
      // The code is what this provider is for; the phone keeps its last four digits like
      // every other line of the log (the dev outbox route answers by the whole number).
      const phone = maskPhone(message.phone);
      log.info(
        { sms: { tenantId: message.tenantId, phone, purpose: message.purpose, code: message.code } },
        `SMS code for ${phone} (${message.purpose}): ${message.code}`,
      );
    },
    latest(tenantId, phone) {
      return latestByPhone.get(`${tenantId}:${phone}`) ?? null;
    },
  };
}
