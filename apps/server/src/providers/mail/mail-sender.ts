/** One mail to deliver: plain text, with the same words as simple HTML beside it. */
export interface MailMessage {
  tenantId: number;
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** Delivers mail; throws when the message did not go out. */
export interface MailSender {
  readonly name: 'smtp' | 'dev-outbox';
  send(message: MailMessage): Promise<void>;
}
