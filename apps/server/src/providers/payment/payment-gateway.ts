/*
 * One interface for every way a learner pays (decision record 013): the sandbox cashier of
 * our own server, WeChat Pay API v3 and Alipay. The orders service only ever talks to this;
 * each gateway signs its own requests and verifies its own notifications, and answers in the
 * amounts and trade numbers of our orders (cents, our tradeNo).
 */

export type PaymentMethod = 'WECHAT' | 'ALIPAY';

/** What the learner's browser does next to pay. */
export type PaymentStart =
  /** Open this URL (the sandbox cashier, WeChat Pay H5's mweb_url, Alipay's WAP page). */
  | { kind: 'redirect'; url: string }
  /** Inside the WeChat browser: call WeixinJSBridge 'getBrandWCPayRequest' with these. */
  | {
      kind: 'wechatJsapi';
      params: { appId: string; timeStamp: string; nonceStr: string; package: string; signType: 'RSA'; paySign: string };
    };

export interface StartPaymentInput {
  tradeNo: string;
  amountCents: number;
  /** Shown by the gateway on its page and the learner's bill (the product's title). */
  description: string;
  /** Where the gateway posts its notification (absolute URL of our notify endpoint). */
  notifyUrl: string;
  /** Where the learner's browser comes back to after paying (absolute URL). */
  returnUrl: string;
  /** The learner's address as the gateway wants it (WeChat Pay H5 requires it). */
  clientIp: string;
  /** WeChat Pay JSAPI inside the WeChat browser: the learner's openid of the official account. */
  openid: string | null;
  /** When the order closes: the gateway stops accepting payment then too. */
  expiresAt: Date;
}

/** A notification that passed verification: the gateway says this trade is paid. */
export interface VerifiedPayment {
  tradeNo: string;
  amountCents: number;
  /** The gateway's own id of the payment (WeChat transaction_id, Alipay trade_no). */
  transactionId: string;
  paidAt: Date;
}

/** The raw notification as it reached us: the exact body text matters for signatures. */
export interface IncomingNotification {
  headers: Record<string, string | string[] | undefined>;
  rawBody: string;
}

/** The HTTP answer a gateway expects to its notification. */
export interface NotificationReply {
  status: number;
  contentType: string;
  body: string;
}

/** A notification the gateway sent that is not a successful payment (e.g. a closed trade). */
export class IgnoredNotification extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = 'IgnoredNotification';
  }
}

/** Verification failed: a bad signature, a foreign app or merchant id, a stale timestamp. */
export class NotificationRejected extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = 'NotificationRejected';
  }
}

/** The gateway could not be reached or refused a request; the message holds no secret. */
export class GatewayError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'GatewayError';
  }
}

export interface PaymentQuery {
  /** True when the gateway has the trade as paid. */
  paid: boolean;
  amountCents: number | null;
  transactionId: string | null;
  paidAt: Date | null;
}

export interface RefundInput {
  tradeNo: string;
  /** Our refund's number: the gateway's idempotency key, so a retried refund is paid once. */
  refundNo: string;
  totalCents: number;
  refundCents: number;
  reason: string;
  /**
   * Where the gateway reports the refund's outcome (WeChat Pay); null asks for no report (the
   * settling job's retries, which ask the gateway themselves). Gateways that do not report ignore it.
   */
  notifyUrl: string | null;
}

/**
 * Where a refund stands at the gateway: SUCCESS, the money is back; PROCESSING, the gateway will
 * finish it; FAILED, the gateway says it will not pay it (closed, abnormal, refused for good) and
 * the school must pay it back by hand.
 */
export interface RefundOutcome {
  status: 'SUCCESS' | 'PROCESSING' | 'FAILED';
  gatewayRefundId: string | null;
  /** The gateway's own word for the state (ABNORMAL, ACQ.TRADE_HAS_FINISHED…): for the log, never a secret. */
  detail: string;
}

/**
 * A refund query's answer: an outcome, or NOT_FOUND when the gateway has no such refund (the
 * refund call never reached it, or Alipay has not refunded it): refunding again under the same
 * number is then safe and pays once.
 */
export type RefundState =
  | (RefundOutcome & {
      /** What the gateway says it refunds, in cents (null when it does not say). */ amountCents: number | null;
    })
  | { status: 'NOT_FOUND'; gatewayRefundId: null; amountCents: null; detail: string };

/** A refund notification that passed verification: the gateway says how a refund ended. */
export interface VerifiedRefund {
  tradeNo: string;
  refundNo: string;
  status: 'SUCCESS' | 'FAILED';
  amountCents: number;
  gatewayRefundId: string | null;
  detail: string;
}

export interface PaymentGateway {
  /** The name in `PAYMENT_PROVIDER` and in the notify URL: /api/payments/notify/{name}. */
  readonly name: 'sandbox' | 'wechat' | 'alipay';
  /** The learner's payment methods this gateway takes. */
  readonly methods: readonly PaymentMethod[];
  startPayment(input: StartPaymentInput & { method: PaymentMethod }): Promise<PaymentStart>;
  /**
   * Checks the notification's signature, app / merchant id and timestamp, decrypts it where
   * the gateway encrypts it, and answers the payment it reports. Throws NotificationRejected
   * when it cannot be trusted, IgnoredNotification when it is genuine but not a payment.
   */
  verifyNotification(notification: IncomingNotification): Promise<VerifiedPayment>;
  /** The answer that tells the gateway we have the notification (it stops retrying). */
  acknowledge(): NotificationReply;
  /** The answer that tells the gateway to try again later. */
  reject(): NotificationReply;
  /** Asks the gateway where a trade stands (a learner came back before the notification). */
  query(tradeNo: string): Promise<PaymentQuery>;
  /** Closes an unpaid trade at the gateway, so it cannot be paid after we close the order. */
  close(tradeNo: string): Promise<void>;
  /**
   * Pays a refund back under its number (idempotent). Throws GatewayError when the answer is
   * unknown or may change on a retry (unreachable, busy, the merchant's balance short).
   */
  refund(input: RefundInput): Promise<RefundOutcome>;
  /** Asks where a refund stands. Throws GatewayError when the gateway cannot say now. */
  queryRefund(input: { tradeNo: string; refundNo: string }): Promise<RefundState>;
  /**
   * Gateways that report refund outcomes (WeChat Pay): checks the report as `verifyNotification`
   * checks a payment's. Throws NotificationRejected when it cannot be trusted, IgnoredNotification
   * when it is genuine but says nothing final.
   */
  verifyRefundNotification?(notification: IncomingNotification): Promise<VerifiedRefund>;
}
