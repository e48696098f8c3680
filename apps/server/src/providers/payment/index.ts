import type { Config } from '../../config/env.js';
import type { Db } from '../../db/database.js';
import type { Clock } from '../clock.js';
import { createAlipayGateway } from './alipay.js';
import type { PaymentGateway } from './payment-gateway.js';
import { createSandboxGateway, type SandboxGateway } from './sandbox-gateway.js';
import { createWechatPayGateway } from './wechat-pay.js';

export interface PaymentGateways {
  /** The configured gateways, in the order PAYMENT_PROVIDER names them. */
  all: PaymentGateway[];
  /** Set with PAYMENT_PROVIDER=sandbox: its cashier page is served by our server. */
  sandbox: SandboxGateway | null;
}

/** The gateways PAYMENT_PROVIDER names, each built from its settings (validated at start-up). */
export function createPaymentGateways(
  config: Pick<Config, 'payment' | 'sessionSecret'>,
  deps: { clock: Clock; db: Db },
): PaymentGateways {
  const all: PaymentGateway[] = [];
  let sandbox: SandboxGateway | null = null;
  for (const provider of config.payment.providers) {
    switch (provider) {
      case 'sandbox':
        sandbox = createSandboxGateway({ secret: config.sessionSecret }, deps);
        all.push(sandbox);
        break;
      case 'wechat':
        if (!config.payment.wechatPay) throw new Error('PAYMENT_PROVIDER=wechat without WECHATPAY_* settings');
        all.push(createWechatPayGateway(config.payment.wechatPay, deps));
        break;
      case 'alipay':
        if (!config.payment.alipay) throw new Error('PAYMENT_PROVIDER=alipay without ALIPAY_* settings');
        all.push(createAlipayGateway(config.payment.alipay, deps));
        break;
    }
  }
  return { all, sandbox };
}

export * from './payment-gateway.js';
export type { SandboxGateway } from './sandbox-gateway.js';
