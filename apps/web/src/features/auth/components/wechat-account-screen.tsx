import Button from 'antd-mobile/es/components/button';
import { useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { ScreenLayout } from '../../../components/layout/screen-layout';
import { href } from '../../../config/route-paths';
import { confirmThenRun } from '../../../lib/confirm-dialog';
import { useTranslation } from '../../../lib/i18n';
import { showToast } from '../../../lib/toast';
import { useSessionUser } from '../../../lib/use-session-user';
import { useBindWechat, useUnbindWechat } from '../api/wechat-binding';
import { readOauthCallback } from '../logic/oauth-flow';
import { forgetOauthState, isOauthStateExpected, wechatAuthorizeUrlFor } from '../logic/wechat-oauth';
import { WechatIcon } from './wechat-icon';

type Failure = 'denied' | 'stateMismatch' | null;

interface WechatAccountViewProps {
  /** WeChat can be authorized here: inside WeChat with the school's official-account login on. */
  canBind: boolean;
  /** Leaves for WeChat (tests see the URL instead). */
  redirect?: (url: string) => void;
}

/**
 * /me/account/wechat: the learner's WeChat binding (docs/product.md#account-and-security). Binding goes
 * through WeChat's authorize page as the login does and comes back here with the code; unbinding
 * asks first, and the server refuses it when WeChat is the only way in.
 */
export function WechatAccountView({
  canBind,
  redirect = (url) => window.location.assign(url),
}: WechatAccountViewProps) {
  const { t } = useTranslation();
  const user = useSessionUser();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const bind = useBindWechat();
  const unbind = useUnbindWechat();
  const [starting, setStarting] = useState(false);
  const started = useRef(false);
  // Read once, on arrival: a return from WeChat carries `code` and `state`.
  const [callback] = useState(() =>
    search.has('state') || search.has('code')
      ? readOauthCallback(search, isOauthStateExpected(search.get('state')))
      : null,
  );
  const failure: Failure = callback !== null && callback.kind !== 'code' ? callback.kind : null;

  useEffect(() => {
    if (callback === null || started.current) return;
    started.current = true;
    forgetOauthState();
    // The code is spent either way: leave it out of the address (and of a reload).
    void navigate(href('wechatBind'), { replace: true });
    if (callback.kind !== 'code') return;
    bind.mutateAsync(callback.code).then(
      () => showToast(t('me.wechat.boundToast'), 'success'),
      () => {
        // The HTTP client has shown the notice (wechatBound, conflict…).
      },
    );
  }, [callback, bind, navigate, t]);

  if (!user) return null;

  async function startBinding() {
    setStarting(true);
    try {
      const url = await wechatAuthorizeUrlFor(href('wechatBind'));
      if (url === null) showToast(t('wechat.login.unavailable'));
      else redirect(url);
    } catch {
      // The HTTP client has shown the notice.
    } finally {
      setStarting(false);
    }
  }

  const confirmUnbind = () =>
    // A refusal (lastSignInMethod) says what to do first.
    confirmThenRun(
      {
        title: t('me.wechat.unbindTitle'),
        content: t('me.wechat.unbindMessage'),
        confirmText: t('me.wechat.unbind'),
        cancelText: t('me.cancel'),
      },
      () => unbind.mutateAsync(),
      t('me.wechat.unboundToast'),
    );

  return (
    <ScreenLayout title={t('route.wechatBind')} back surface="white">
      <div className="space-y-4 px-4 pt-5 pb-8">
        <p className="flex items-center gap-3 rounded-lg bg-canvas px-3 py-3 text-sm text-ink">
          <WechatIcon aria-hidden="true" className="shrink-0 text-2xl text-success" />
          {user.wechatBound ? t('me.wechat.bound') : t('me.wechat.notBound')}
        </p>
        {failure ? (
          <p role="alert" className="rounded-lg bg-canvas px-3 py-2 text-sm text-danger">
            {t(failure === 'denied' ? 'me.wechat.denied' : 'auth.oauth.stateMismatch')}
          </p>
        ) : null}
        {user.wechatBound ? (
          <>
            <p className="text-xs text-ink-muted">{t('me.wechat.unbindHint')}</p>
            <Button
              block
              shape="rounded"
              size="large"
              color="danger"
              fill="outline"
              loading={unbind.isPending}
              onClick={() => void confirmUnbind()}
            >
              {t('me.wechat.unbind')}
            </Button>
          </>
        ) : canBind ? (
          <>
            <p className="text-xs text-ink-muted">{t('me.wechat.bindHint')}</p>
            <Button
              block
              shape="rounded"
              size="large"
              color="success"
              loading={starting || bind.isPending}
              onClick={() => void startBinding()}
            >
              {t('me.wechat.bind')}
            </Button>
          </>
        ) : (
          <p className="text-sm text-ink-muted">{t('me.wechat.openInWechat')}</p>
        )}
      </div>
    </ScreenLayout>
  );
}
