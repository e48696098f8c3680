import {
  applyRefundSchema,
  createOrderSchema,
  operatorRefundListSchema,
  operatorRefundQuerySchema,
  operatorRefundSchema,
  orderConfirmationQuerySchema,
  orderConfirmationSchema,
  orderListQuerySchema,
  orderListSchema,
  orderSchema,
  paymentStartSchema,
  refundDecisionSchema,
  refundNoParamSchema,
  refundSchema,
  startPaymentSchema,
  tradeNoParamSchema,
} from '@school/contract/orders';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { paymentProviders } from '../../config/env.js';
import { signedInCaller } from '../../lib/catalogue-caller.js';
import type { PayingClient } from './orders-shared.js';
import type { OrdersService } from './orders.service.js';

export interface OrdersRoutesOptions {
  service: OrdersService;
  /** The public URL is https (TLS ends at a proxy): return URLs say https whatever the socket says. */
  https: boolean;
}

/** WeChat's in-app browser names itself in the user agent ("… MicroMessenger/8.0.47 …"). */
const wechatBrowser = /MicroMessenger/i;

/*
 * Orders, payments and refunds (decision record 013). Everything but the gateways'
 * notifications is the signed-in learner's own, so private (no-store).
 */
export const ordersRoutes: FastifyPluginAsyncZod<OrdersRoutesOptions> = async (app, { service, https }) => {
  const privately = { config: { cache: 'private' as const } };

  const payingClient = (request: FastifyRequest): PayingClient => ({
    origin: `${https ? 'https' : request.protocol}://${request.host}`,
    ip: request.ip,
    inWechat: wechatBrowser.test(request.headers['user-agent'] ?? ''),
  });

  app.get(
    '/api/orders/confirmation',
    { schema: { querystring: orderConfirmationQuerySchema, response: { 200: orderConfirmationSchema } }, ...privately },
    async (request) => service.confirmation(await signedInCaller(request), request.query),
  );

  app.post(
    '/api/orders',
    { schema: { body: createOrderSchema, response: { 200: orderSchema, 201: orderSchema } }, ...privately },
    async (request, reply) => {
      const { order, created } = await service.create(await signedInCaller(request), request.body);
      return reply.code(created ? 201 : 200).send(order);
    },
  );

  app.get(
    '/api/orders',
    { schema: { querystring: orderListQuerySchema, response: { 200: orderListSchema } }, ...privately },
    async (request) => service.list(await signedInCaller(request), request.query),
  );

  app.get(
    '/api/orders/:tradeNo',
    { schema: { params: tradeNoParamSchema, response: { 200: orderSchema } }, ...privately },
    async (request) => service.get(await signedInCaller(request), request.params.tradeNo),
  );

  app.post(
    '/api/orders/:tradeNo/cancel',
    { schema: { params: tradeNoParamSchema, response: { 200: orderSchema } }, ...privately },
    async (request) => service.cancel(await signedInCaller(request), request.params.tradeNo),
  );

  app.post(
    '/api/orders/:tradeNo/payments',
    {
      schema: { params: tradeNoParamSchema, body: startPaymentSchema, response: { 200: paymentStartSchema } },
      ...privately,
    },
    async (request) =>
      service.startPayment(
        await signedInCaller(request),
        request.params.tradeNo,
        request.body.method,
        payingClient(request),
      ),
  );

  app.post(
    '/api/orders/:tradeNo/refunds',
    {
      schema: { params: tradeNoParamSchema, body: applyRefundSchema, response: { 201: orderSchema } },
      ...privately,
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(await service.applyRefund(await signedInCaller(request), request.params.tradeNo, request.body)),
  );

  app.get(
    '/api/orders/:tradeNo/refunds/latest',
    { schema: { params: tradeNoParamSchema, response: { 200: refundSchema } }, ...privately },
    async (request) => service.refundOf(await signedInCaller(request), request.params.tradeNo),
  );

  app.post(
    '/api/orders/:tradeNo/refunds/latest/withdraw',
    { schema: { params: tradeNoParamSchema, response: { 200: orderSchema } }, ...privately },
    async (request) => service.withdrawRefund(await signedInCaller(request), request.params.tradeNo),
  );

  // The operator API: the school's order operators decide refunds (no screen).

  app.get(
    '/api/operator/refunds',
    { schema: { querystring: operatorRefundQuerySchema, response: { 200: operatorRefundListSchema } }, ...privately },
    async (request) => service.operatorRefunds(await signedInCaller(request), request.query),
  );

  for (const decision of ['accept', 'refuse'] as const) {
    app.post(
      `/api/operator/refunds/:refundNo/${decision}`,
      {
        schema: { params: refundNoParamSchema, body: refundDecisionSchema, response: { 200: operatorRefundSchema } },
        ...privately,
      },
      async (request) => {
        const caller = await signedInCaller(request);
        const { refundNo } = request.params;
        return decision === 'accept'
          ? service.acceptRefund(caller, refundNo, request.body.note, payingClient(request))
          : service.refuseRefund(caller, refundNo, request.body.note);
      },
    );
  }

  // Gateways' notifications: the exact body text is what their signatures cover, so this
  // part of the app reads every body as text, whatever its content type.
  await app.register(async (plain) => {
    const notify = plain.withTypeProvider<ZodTypeProvider>();
    notify.removeAllContentTypeParsers();
    notify.addContentTypeParser('*', { parseAs: 'string', bodyLimit: 64 * 1024 }, (_request, body, done) =>
      done(null, body),
    );
    // Payments, and refund outcomes from the gateways that report them (WeChat Pay), each at a
    // URL of its own, so a payment report and a refund report are never mistaken for each other.
    const reports = [
      ['/api/payments/notify/:gateway', service.handleNotification],
      ['/api/payments/refund-notify/:gateway', service.handleRefundNotification],
    ] as const;
    for (const [url, handle] of reports) {
      notify.post(
        url,
        { schema: { params: z.object({ gateway: z.enum(paymentProviders) }) }, ...privately },
        async (request, reply) => {
          const answer = await handle(request.params.gateway, {
            headers: request.headers,
            rawBody: typeof request.body === 'string' ? request.body : '',
          });
          return reply.code(answer.status).type(answer.contentType).send(answer.body);
        },
      );
    }
  });
};
