import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../clock.js';
import type { MailMessage, MailSender } from './mail-sender.js';

export interface SentMail extends MailMessage {
  sentAt: Date;
}

export interface DevOutboxMailSender extends MailSender {
  readonly name: 'dev-outbox';
  /** The latest mail "sent" to an address of a school (GET /api/dev/mail/latest). */
  latest(tenantId: number, to: string): SentMail | null;
}

// Enough for any browser test run; the oldest address is forgotten first.
const keptAddresses = 1000;

/**
 * Development provider: keeps each mail in memory for the dev route instead of sending it, and
 * logs its subject and text (the link is what this provider is for). Refused in production.
 */
export function createDevOutboxMail(log: FastifyBaseLogger, clock: Clock): DevOutboxMailSender {
  const latestByAddress = new Map<string, SentMail>();
  return {
    name: 'dev-outbox',
    async send(message) {
      const key = `${message.tenantId}:${message.to}`;
      latestByAddress.delete(key);
      latestByAddress.set(key, { ...message, sentAt: clock.now() });
      if (latestByAddress.size > keptAddresses) {
        const oldest = latestByAddress.keys().next().value;
        if (oldest !== undefined) latestByAddress.delete(oldest);
      }
      log.info(
        { mail: { tenantId: message.tenantId, subject: message.subject } },
        `Mail (dev outbox): ${message.text}`,
      );
    },
    latest(tenantId, to) {
      return latestByAddress.get(`${tenantId}:${to}`) ?? null;
    },
  };
}
