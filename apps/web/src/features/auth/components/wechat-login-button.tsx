import { useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { href } from '../../../config/route-paths';
import { session } from '../../../lib/session';
import { showToast } from '../../../lib/toast';
import { wechatAuthorizeUrlFor } from '../logic/wechat-oauth';
import { WechatIcon } from './wechat-icon';

export interface WechatLoginGuard {
  /** The agreement is ticked (docs/product.md#session: required before any login). */
  agreed: boolean;
  onConsentMissing(): void;
}

interface WechatLoginButtonProps {
  guard: WechatLoginGuard;
  /** Where to come back to after WeChat, unless a lastUrl is remembered already. */
  returnTo?: string | undefined;
  /** Leaves for WeChat (tests see the URL instead). */
  redirect?: (url: string) => void;
}

/**
 * Starts WeChat's official-account login: WeChat asks the learner, then sends them back to
 * /login/redirect with a code.
 */
export function WechatLoginButton({
  guard,
  returnTo,
  redirect = (url) => window.location.assign(url),
}: WechatLoginButtonProps) {
  const { t } = useTranslation();
  const [pending, setPending] = useState(false);

  async function start() {
    if (!guard.agreed) {
      guard.onConsentMissing();
      return;
    }
    setPending(true);
    try {
      const url = await wechatAuthorizeUrlFor(href('loginRedirect'));
      if (url === null) {
        showToast(t('wechat.login.unavailable'));
        return;
      }
      // The router's state does not survive the trip to WeChat; lastUrl does.
      if (returnTo && !session.lastUrl()) session.saveLastUrl(returnTo);
      redirect(url);
    } catch {
      // The HTTP client has shown the notice.
    } finally {
      setPending(false);
    }
  }

  return (
    <button
      type="button"
      onClick={() => void start()}
      disabled={pending}
      aria-busy={pending || undefined}
      className="flex h-11 items-center justify-center gap-2 rounded-full bg-success text-sm font-medium text-on-brand active:opacity-80 disabled:opacity-70"
    >
      <WechatIcon className="text-xl" />
      {pending ? t('wechat.login.starting') : t('wechat.login.button')}
    </button>
  );
}
