import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config/env.js';
import type { Clock } from '../clock.js';
import { createDevOutboxMail, type DevOutboxMailSender } from './dev-outbox-mail.js';
import type { MailSender } from './mail-sender.js';
import { createSmtpMail } from './smtp-mail.js';

/**
 * The configured mail provider: null when the server sends no mail (EMAIL_PROVIDER=off); the dev
 * outbox is also returned as such for its dev route.
 */
export function createMailSender(
  config: Pick<Config, 'email'>,
  deps: { log: FastifyBaseLogger; clock: Clock },
): { sender: MailSender | null; outbox: DevOutboxMailSender | null; close(): void } {
  switch (config.email.provider) {
    case 'off':
      return { sender: null, outbox: null, close() {} };
    case 'dev-outbox': {
      const outbox = createDevOutboxMail(deps.log, deps.clock);
      return { sender: outbox, outbox, close() {} };
    }
    case 'smtp': {
      const smtp = createSmtpMail(config.email.smtp);
      return { sender: smtp, outbox: null, close: () => smtp.close() };
    }
  }
}

export type { MailMessage, MailSender } from './mail-sender.js';
export type { DevOutboxMailSender, SentMail } from './dev-outbox-mail.js';
