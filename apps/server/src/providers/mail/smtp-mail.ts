import nodemailer from 'nodemailer';
import type { SmtpConfig } from '../../config/env.js';
import type { MailSender } from './mail-sender.js';

/**
 * Mail over SMTP through nodemailer: TLS from the first byte when `secure`, else STARTTLS
 * whenever the server offers it. One pooled transport per process.
 */
export function createSmtpMail(config: SmtpConfig): MailSender & { close(): void } {
  const transport = nodemailer.createTransport({
    host: config.host,
    port: config.port,
    secure: config.secure,
    auth: config.user === null ? undefined : { user: config.user, pass: config.password ?? '' },
    pool: true,
    // A mail server that does not answer must not hold the learner's request for minutes.
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  });
  return {
    name: 'smtp',
    async send(message) {
      await transport.sendMail({
        from: config.from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
      });
    },
    close() {
      transport.close();
    },
  };
}
