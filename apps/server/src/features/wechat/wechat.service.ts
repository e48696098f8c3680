import { randomBytes } from 'node:crypto';
import type { WxSignature } from '@school/contract/wechat';
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../../lib/app-error.js';
import type { Clock } from '../../providers/clock.js';
import { jsSdkSignature } from '../../providers/wechat/js-sdk-signature.js';
import type { WechatClient } from '../../providers/wechat/wechat-client.js';

/** JS-SDK configuration for sharing pages inside the WeChat browser (docs/product.md#wechat). */
export function createWechatService(deps: {
  /** Null when the server has no WeChat settings. */
  wechat: WechatClient | null;
  /** The school's `wechatOfficialConfig.enable`. */
  wechatEnabled: (tenantId: number) => Promise<boolean>;
  clock: Clock;
  log: FastifyBaseLogger;
}) {
  return {
    async signature(tenantId: number, url: string): Promise<WxSignature> {
      const wechat = deps.wechat;
      if (wechat === null || !(await deps.wechatEnabled(tenantId))) throw new AppError('forbidden');
      let jsapiTicket: string;
      try {
        jsapiTicket = await wechat.jsapiTicket();
      } catch (error) {
        deps.log.error({ err: error }, 'could not get a WeChat jsapi_ticket');
        throw new AppError('badGateway');
      }
      const timestamp = Math.floor(deps.clock.now().getTime() / 1000);
      const nonceStr = randomBytes(8).toString('hex');
      return {
        appId: wechat.appId,
        timestamp,
        nonceStr,
        signature: jsSdkSignature({ jsapiTicket, nonceStr, timestamp, url }),
      };
    },
  };
}

export type WechatService = ReturnType<typeof createWechatService>;
