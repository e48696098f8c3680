import { captchaHeader } from '@school/contract/auth';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../lib/app-error.js';
import type { CaptchaVerifier } from '../providers/captcha/captcha-verifier.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Check the contract's captcha header with the captcha provider before the handler. */
    captcha?: boolean;
  }
}

/** Routes flagged `config.captcha` answer 400 `afsValidateFailed` unless the captcha passes. */
export function registerCaptcha(app: FastifyInstance, verifier: CaptchaVerifier): void {
  app.addHook('preHandler', async (request) => {
    if (!request.routeOptions.config.captcha) return;
    const header = request.headers[captchaHeader];
    const token = Array.isArray(header) ? header[0] : header;
    if (!(await verifier.verify(token, request.ip))) throw new AppError('afsValidateFailed');
  });
}
