import type { Locale } from '@school/contract/enums';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { localeFromAcceptLanguage } from '../lib/localized-text.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** Language of localized texts in the response: from Accept-Language (zh* → cn, else en). */
    readonly locale: Locale;
  }
}

export function registerLocale(app: FastifyInstance): void {
  app.decorateRequest('locale', {
    getter(this: FastifyRequest) {
      return localeFromAcceptLanguage(this.headers['accept-language']);
    },
  });
}
