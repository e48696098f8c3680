import type { AliyunSmsConfig } from '../../config/env.js';
import { callRpc } from '../aliyun-rpc.js';
import type { Clock } from '../clock.js';
import { SmsSendError, type SmsSender } from './sms-sender.js';

/**
 * Alibaba Cloud SMS, API SendSms (version 2017-05-25), RPC-signed. The template takes the
 * code as its `code` parameter. Success is `Code: "OK"`; anything else is a failure.
 */
export function createAliyunSms(config: AliyunSmsConfig, clock: Clock): SmsSender {
  return {
    name: 'aliyun',
    async send(message) {
      let answer;
      try {
        answer = await callRpc({
          endpoint: config.endpoint,
          action: 'SendSms',
          version: '2017-05-25',
          accessKeyId: config.accessKeyId,
          accessKeySecret: config.accessKeySecret,
          regionId: config.regionId,
          params: {
            PhoneNumbers: message.phone,
            SignName: config.signName,
            TemplateCode: config.templateCode,
            TemplateParam: JSON.stringify({ code: message.code }),
          },
          now: clock.now(),
        });
      } catch (error) {
        throw new SmsSendError('aliyun SendSms: no answer', { cause: String(error) });
      }
      const code = answer.body?.Code;
      if (answer.status !== 200 || code !== 'OK') {
        throw new SmsSendError('aliyun SendSms refused', {
          status: answer.status,
          code,
          message: answer.body?.Message,
          requestId: answer.body?.RequestId,
        });
      }
    },
  };
}
