import { createHash, createHmac } from 'node:crypto';
import type { TencentSmsConfig } from '../../config/env.js';
import type { Clock } from '../clock.js';
import { SmsSendError, type SmsSender } from './sms-sender.js';

/*
 * Tencent Cloud SMS, API SendSms (version 2021-01-11), signed with TC3-HMAC-SHA256 (API 3.0):
 * a canonical request of method, path "/", empty query, the content-type and host headers and
 * the sha256 of the body; a string to sign naming the algorithm, the timestamp, the credential
 * scope (UTC date/sms/tc3_request) and the sha256 of the canonical request; a key derived by
 * HMAC-SHA256 chaining "TC3"+secret → date → service → "tc3_request".
 */

const service = 'sms';
const contentType = 'application/json; charset=utf-8';

const sha256Hex = (data: string) => createHash('sha256').update(data, 'utf8').digest('hex');
const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data, 'utf8').digest();

export interface Tc3Input {
  secretId: string;
  secretKey: string;
  host: string;
  payload: string;
  /** Seconds since the epoch. */
  timestamp: number;
}

/** The Authorization header of one TC3-HMAC-SHA256 request to `service`. */
export function tc3Authorization(input: Tc3Input): string {
  const date = new Date(input.timestamp * 1000).toISOString().slice(0, 10);
  const signedHeaders = 'content-type;host';
  const canonicalRequest = [
    'POST',
    '/',
    '',
    `content-type:${contentType}\nhost:${input.host}\n`,
    signedHeaders,
    sha256Hex(input.payload),
  ].join('\n');
  const credentialScope = `${date}/${service}/tc3_request`;
  const stringToSign = ['TC3-HMAC-SHA256', String(input.timestamp), credentialScope, sha256Hex(canonicalRequest)].join(
    '\n',
  );
  const signingKey = hmac(hmac(hmac(`TC3${input.secretKey}`, date), service), 'tc3_request');
  const signature = createHmac('sha256', signingKey).update(stringToSign, 'utf8').digest('hex');
  return `TC3-HMAC-SHA256 Credential=${input.secretId}/${credentialScope}, SignedHeaders=${signedHeaders}, Signature=${signature}`;
}

interface SendSmsAnswer {
  Response?: {
    Error?: { Code?: string; Message?: string };
    SendStatusSet?: { Code?: string; Message?: string; PhoneNumber?: string }[];
    RequestId?: string;
  };
}

export function createTencentSms(config: TencentSmsConfig, clock: Clock): SmsSender {
  const host = new URL(config.endpoint).host;
  return {
    name: 'tencent',
    async send(message) {
      const payload = JSON.stringify({
        PhoneNumberSet: [`+86${message.phone}`],
        SmsSdkAppId: config.sdkAppId,
        SignName: config.signName,
        TemplateId: config.templateId,
        TemplateParamSet: [message.code],
      });
      const timestamp = Math.floor(clock.now().getTime() / 1000);
      let status: number;
      let answer: SendSmsAnswer | null = null;
      try {
        const response = await fetch(`${config.endpoint}/`, {
          method: 'POST',
          headers: {
            authorization: tc3Authorization({
              secretId: config.secretId,
              secretKey: config.secretKey,
              host,
              payload,
              timestamp,
            }),
            // Host is signed; fetch sends it from the endpoint URL, the same value.
            'content-type': contentType,
            'x-tc-action': 'SendSms',
            'x-tc-timestamp': String(timestamp),
            'x-tc-version': '2021-01-11',
            'x-tc-region': config.region,
          },
          body: payload,
          signal: AbortSignal.timeout(10_000),
        });
        status = response.status;
        answer = (await response.json().catch(() => null)) as SendSmsAnswer | null;
      } catch (error) {
        throw new SmsSendError('tencent SendSms: no answer', { cause: String(error) });
      }
      const result = answer?.Response;
      const sent = result?.SendStatusSet?.[0];
      if (status !== 200 || result?.Error || sent?.Code !== 'Ok') {
        throw new SmsSendError('tencent SendSms refused', {
          status,
          code: result?.Error?.Code ?? sent?.Code,
          message: result?.Error?.Message ?? sent?.Message,
          requestId: result?.RequestId,
        });
      }
    },
  };
}
