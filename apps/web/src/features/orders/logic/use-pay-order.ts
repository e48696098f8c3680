import type { PaymentMethod } from '@school/contract/orders';
import { useEffect, useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { useNavigate } from 'react-router';
import { href } from '../../../config/route-paths';
import { showToast } from '../../../lib/toast';
import { isWechatBrowser } from '../../../lib/wechat-browser';
import { apiClient } from '../../../lib/api-client';
import { deferredModule } from '../../../lib/deferred-module';
import { useStartPayment } from '../api/order-mutations';
import { offeredMethods } from './order-text';

/**
 * Opening the cashier or WeChat's sheet: needed only once Pay is tapped, and then fetched while
 * the server answers, not with the order's first screen (issue 28).
 */
const browserPayment = deferredModule(() => import('./browser-payment'));

/** The methods this browser may use of the school's, and the one chosen (the first at first). */
export function usePaymentMethod(methods: readonly PaymentMethod[]) {
  const [inWechat] = useState(isWechatBrowser);
  const offered = offeredMethods(methods, inWechat);
  const [chosen, setChosen] = useState<PaymentMethod | null>(null);
  const method = chosen !== null && offered.includes(chosen) ? chosen : (offered[0] ?? null);
  return { offered, method, setMethod: setChosen };
}

/**
 * Pays an unpaid order: asks the server how (POST payments), then opens the cashier or WeChat's
 * pay sheet. Back from WeChat's sheet, the order page (`?paying=1`) asks the server whether the
 * payment went through; from the cashier, its own page brings the learner there. `busy` stays on
 * while the browser leaves for the cashier, so Pay cannot be tapped twice on the way.
 */
export function usePayOrder() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const start = useStartPayment();
  const [leaving, setLeaving] = useState(false);
  // Back from the cashier with the browser's Back button, the page may come from the
  // back-forward cache as it was left: busy. Pay must work again then.
  useEffect(() => {
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) setLeaving(false);
    };
    window.addEventListener('pageshow', onPageShow);
    return () => window.removeEventListener('pageshow', onPageShow);
  }, []);

  async function pay(tradeNo: string, method: PaymentMethod): Promise<void> {
    const arriving = browserPayment.load();
    // Awaited below; a failure must not be reported unhandled while the server answers.
    arriving.catch(() => undefined);
    let answer;
    try {
      answer = await start.mutateAsync({ tradeNo, method });
    } catch {
      // Told by the API client's notice (closed meanwhile, no gateway configured).
      return;
    }
    let payment;
    try {
      payment = await arriving;
    } catch (error) {
      // The code did not arrive (offline meanwhile): nothing was paid, Pay works again.
      apiClient.notifyError(error);
      return;
    }
    const { payInBrowser, NoWechatBridgeError } = payment;
    try {
      const outcome = await payInBrowser(answer);
      if (outcome === 'left') {
        setLeaving(true);
        return;
      }
      void navigate(href('orderDetail', { tradeNo }, { paying: 1 }), { replace: true });
    } catch (error) {
      if (!(error instanceof NoWechatBridgeError)) throw error;
      showToast(t('orders.pay.noBridge'), 'fail');
    }
  }

  return { pay, busy: start.isPending || leaving };
}
