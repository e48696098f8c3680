import { apiPaths } from '@school/contract/paths';
import { wxSignatureQuerySchema, wxSignatureSchema } from '@school/contract/wechat';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { WechatService } from './wechat.service.js';

export const wechatRoutes: FastifyPluginAsyncZod<{ service: WechatService }> = async (app, { service }) => {
  app.get(
    apiPaths.wxSignature,
    {
      schema: { querystring: wxSignatureQuerySchema, response: { 200: wxSignatureSchema } },
      // A fresh nonce and timestamp each time: never a cached answer. It may ask WeChat for a
      // new ticket (the school's daily quota): refused from another site like a write.
      config: { cache: 'private', hasEffect: true },
    },
    async (request) => service.signature(request.tenant.id, request.query.url),
  );
};
