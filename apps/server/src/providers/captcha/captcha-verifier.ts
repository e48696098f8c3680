import type { FastifyBaseLogger } from 'fastify';
import type { CaptchaConfig } from '../../config/env.js';
import { callRpc } from '../aliyun-rpc.js';
import type { Clock } from '../clock.js';

/**
 * Checks the captcha token a client sends in the contract's `captchaHeader`. Answers whether
 * it passes; an unreachable captcha service counts as a failure (fail closed).
 */
export interface CaptchaVerifier {
  readonly name: CaptchaConfig['provider'];
  verify(token: string | undefined, ip: string): Promise<boolean>;
}

/** Default: no captcha service; every request passes. */
export const noCaptcha: CaptchaVerifier = {
  name: 'none',
  verify: async () => true,
};

/**
 * Alibaba Cloud AFS (smart / slide captcha), API AuthenticateSig (version 2018-01-12). The
 * header holds the widget's values form-encoded (`sessionId=…&sig=…&token=…&scene=…`); the
 * service answers `Code: 100` for a pass.
 */
export function createAliyunAfs(
  config: Extract<CaptchaConfig, { provider: 'aliyun-afs' }>,
  deps: { clock: Clock; log: FastifyBaseLogger },
): CaptchaVerifier {
  return {
    name: 'aliyun-afs',
    async verify(token, ip) {
      if (token === undefined || token.length > 4096) return false;
      const fields = new URLSearchParams(token);
      const sessionId = fields.get('sessionId');
      const sig = fields.get('sig');
      const afsToken = fields.get('token');
      const scene = fields.get('scene') || config.scene;
      if (!sessionId || !sig || !afsToken || !scene) return false;
      try {
        const answer = await callRpc({
          endpoint: config.endpoint,
          action: 'AuthenticateSig',
          version: '2018-01-12',
          accessKeyId: config.accessKeyId,
          accessKeySecret: config.accessKeySecret,
          regionId: config.regionId,
          params: {
            SessionId: sessionId,
            Sig: sig,
            Token: afsToken,
            Scene: scene,
            AppKey: config.appKey,
            RemoteIp: ip,
          },
          now: deps.clock.now(),
        });
        if (answer.status === 200 && answer.body?.Code === 100) return true;
        deps.log.warn(
          {
            afs: { status: answer.status, code: answer.body?.Code, message: answer.body?.Msg ?? answer.body?.Message },
          },
          'captcha refused',
        );
        return false;
      } catch (error) {
        deps.log.error({ err: error }, 'captcha service unreachable');
        return false;
      }
    },
  };
}

export function createCaptchaVerifier(
  config: CaptchaConfig,
  deps: { clock: Clock; log: FastifyBaseLogger },
): CaptchaVerifier {
  return config.provider === 'aliyun-afs' ? createAliyunAfs(config, deps) : noCaptcha;
}
