import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config/env.js';
import type { Clock } from '../clock.js';
import { createAliyunSms } from './aliyun-sms.js';
import { createConsoleSms, type ConsoleSmsSender } from './console-sms.js';
import type { SmsSender } from './sms-sender.js';
import { createTencentSms } from './tencent-sms.js';

/** The configured SMS provider; `console` is also returned as such for the dev route. */
export function createSmsSender(
  config: Pick<Config, 'smsProvider' | 'aliyunSms' | 'tencentSms'>,
  deps: { log: FastifyBaseLogger; clock: Clock },
): { sender: SmsSender; console: ConsoleSmsSender | null } {
  switch (config.smsProvider) {
    case 'aliyun':
      if (!config.aliyunSms) throw new Error('SMS_PROVIDER=aliyun without its settings');
      return { sender: createAliyunSms(config.aliyunSms, deps.clock), console: null };
    case 'tencent':
      if (!config.tencentSms) throw new Error('SMS_PROVIDER=tencent without its settings');
      return { sender: createTencentSms(config.tencentSms, deps.clock), console: null };
    case 'console': {
      const sender = createConsoleSms(deps.log, deps.clock);
      return { sender, console: sender };
    }
  }
}

export type { SmsMessage, SmsSender } from './sms-sender.js';
export { SmsSendError } from './sms-sender.js';
export type { ConsoleSmsSender, SentSms } from './console-sms.js';
