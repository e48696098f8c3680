import type { SmsPurpose } from '@school/contract/sms';

/** One verification code to deliver. */
export interface SmsMessage {
  tenantId: number;
  phone: string;
  purpose: SmsPurpose;
  code: string;
}

/** Delivers verification codes; throws SmsSendError (or any error) when the message did not go out. */
export interface SmsSender {
  readonly name: 'console' | 'aliyun' | 'tencent';
  send(message: SmsMessage): Promise<void>;
}

/** The provider refused or failed; `detail` is for the log, never for the learner. */
export class SmsSendError extends Error {
  constructor(
    message: string,
    readonly detail: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'SmsSendError';
  }
}
