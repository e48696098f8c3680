import type { PaymentStart } from '@school/contract/orders';
import { openCashier } from './open-cashier';

/** WeChat's in-app browser injects this bridge; JSAPI payments go through it. */
interface WeixinJSBridge {
  invoke(name: 'getBrandWCPayRequest', params: object, callback: (result: { err_msg?: string }) => void): void;
}

/** Paying inside WeChat without its bridge (an old client, another browser pretending). */
export class NoWechatBridgeError extends Error {
  override readonly name = 'NoWechatBridgeError';
}

/**
 * `left`: the browser is on its way to the cashier (its page brings the learner back to the
 * order); otherwise WeChat's own sheet answered in place.
 */
export type BrowserPaymentOutcome = 'left' | 'paid' | 'notPaid';

/** Does what the server's payment answer says: open the cashier, or ask WeChat to pay. */
export function payInBrowser(start: PaymentStart): Promise<BrowserPaymentOutcome> {
  if (start.kind === 'redirect') {
    openCashier(start.url);
    return Promise.resolve('left');
  }
  const bridge = (window as { WeixinJSBridge?: WeixinJSBridge }).WeixinJSBridge;
  if (!bridge) return Promise.reject(new NoWechatBridgeError());
  return new Promise((resolve) =>
    // WeChat answers "get_brand_wcpay_request:ok", ":cancel" or ":fail"; only ok means paid
    // (and even then the order page asks the server, which asks WeChat).
    bridge.invoke('getBrandWCPayRequest', start.params, (result) =>
      resolve(result.err_msg === 'get_brand_wcpay_request:ok' ? 'paid' : 'notPaid'),
    ),
  );
}
