import type { Locale } from '@school/contract/enums';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { SandboxGateway } from '../../providers/payment/index.js';

/*
 * The sandbox's cashier page (PAYMENT_PROVIDER=sandbox): what WeChat Pay's or Alipay's page
 * would be, served by our server. "Pay" pays the trade in the sandbox's book and posts the
 * signed notification to our notify route, as a gateway's servers would (in-process through
 * `inject`: the same route, hooks, verification and transaction, and no dependence on the
 * server reaching its own public URL); then the learner's browser goes back to the shop.
 * "Fail" goes back unpaid. Plain HTML forms: no script, so the CSP holds as it is.
 */

const texts = {
  cn: {
    title: '支付沙箱',
    note: '这是测试收银台，不会扣款。',
    method: { WECHAT: '微信支付', ALIPAY: '支付宝' },
    amount: '应付金额',
    pay: '支付',
    fail: '支付失败',
    closed: '这笔交易已关闭或已超时。',
    unknown: '没有这笔交易。',
    back: '返回',
  },
  en: {
    title: 'Payment sandbox',
    note: 'A test cashier: no money is taken.',
    method: { WECHAT: 'WeChat Pay', ALIPAY: 'Alipay' },
    amount: 'Amount to pay',
    pay: 'Pay',
    fail: 'Fail the payment',
    closed: 'This trade is closed or its time has run out.',
    unknown: 'There is no such trade.',
    back: 'Back',
  },
} as const;

const css = `body{margin:0;font:16px/1.5 system-ui,-apple-system,"PingFang SC","Noto Sans CJK SC",sans-serif;background:#f5f6f8;color:#1f2329}
main{max-width:28rem;margin:0 auto;padding:2rem 1rem}
h1{font-size:1.25rem;margin:0 0 .25rem}
.note{color:#5b6270;font-size:.875rem;margin:0 0 1.5rem}
.card{background:#fff;border-radius:.75rem;padding:1.25rem;margin-bottom:1.5rem}
.what{margin:0 0 .75rem}
.amount{font-size:2rem;font-weight:600;color:#c4281c;margin:0}
.label{color:#5b6270;font-size:.875rem;margin:0}
form{margin:0 0 .75rem}
button,a.back{display:block;box-sizing:border-box;width:100%;height:2.75rem;border-radius:1.375rem;border:0;font-size:1rem;text-align:center;line-height:2.75rem;text-decoration:none}
.pay{background:#1a7f37;color:#fff}
.fail{background:#e5e6eb;color:#1f2329}
a.back{background:#1f6feb;color:#fff}`;

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

function page(locale: Locale, body: string): string {
  const t = texts[locale];
  return `<!doctype html><html lang="${locale === 'cn' ? 'zh-CN' : 'en'}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1"><title>${t.title}</title>
<link rel="stylesheet" href="/api/payments/sandbox/cashier.css"></head>
<body><main><h1>${t.title}</h1><p class="note">${t.note}</p>${body}</main></body></html>`;
}

export const sandboxCashierRoutes: FastifyPluginAsyncZod<{ sandbox: SandboxGateway }> = async (app, { sandbox }) => {
  const params = z.object({ tradeNo: z.string().min(1).max(64) });
  const privately = { config: { cache: 'private' as const } };
  const base = '/api/payments/sandbox/cashier';

  app.get(`${base}.css`, async (_request, reply) => reply.type('text/css; charset=utf-8').send(css));

  app.get(`${base}/:tradeNo`, { schema: { params }, ...privately }, async (request, reply) => {
    const t = texts[request.locale];
    const trade = await sandbox.trade(request.params.tradeNo);
    reply.type('text/html; charset=utf-8');
    if (trade === null) return page(request.locale, `<p class="card">${t.unknown}</p>`);
    const back = `<a class="back" href="${escapeHtml(trade.returnUrl)}">${t.back}</a>`;
    if (trade.status === 'CLOSED' || (trade.status === 'PENDING' && trade.expiresAt <= new Date()))
      return page(request.locale, `<p class="card">${t.closed}</p>${back}`);
    const amount = new Intl.NumberFormat(request.locale === 'cn' ? 'zh-CN' : 'en', {
      style: 'currency',
      currency: request.tenant.currency,
    }).format(trade.amountCents / 100);
    const action = `${base}/${encodeURIComponent(trade.tradeNo)}`;
    return page(
      request.locale,
      `<section class="card" aria-labelledby="amount-label"><p class="what">${escapeHtml(trade.description)}</p>
<p class="label" id="amount-label">${t.amount} · ${t.method[trade.method]}</p><p class="amount">${amount}</p></section>
<form method="post" action="${action}/pay"><button class="pay" type="submit">${t.pay}</button></form>
<form method="post" action="${action}/fail"><button class="fail" type="submit">${t.fail}</button></form>`,
    );
  });

  app.post(`${base}/:tradeNo/pay`, { schema: { params }, ...privately }, async (request, reply) => {
    const paid = await sandbox.pay(request.params.tradeNo);
    if (paid === null) return reply.redirect(`${base}/${encodeURIComponent(request.params.tradeNo)}`, 303);
    const notified = await app.inject({
      method: 'POST',
      url: new URL(paid.notifyUrl).pathname,
      headers: { ...paid.notification.headers, host: request.host },
      payload: paid.notification.rawBody,
    });
    // Not delivered: the order is still found paid when the learner's page asks (it queries the sandbox).
    if (notified.statusCode >= 300)
      request.log.warn(
        { tradeNo: request.params.tradeNo, status: notified.statusCode },
        'sandbox notification refused',
      );
    return reply.redirect(paid.returnUrl, 303);
  });

  app.post(`${base}/:tradeNo/fail`, { schema: { params }, ...privately }, async (request, reply) => {
    const trade = await sandbox.trade(request.params.tradeNo);
    return reply.redirect(trade?.returnUrl ?? '/mobile/orders', 303);
  });
};
