import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { useNavigate, useSearchParams } from 'react-router';
import { ScreenLayout } from '../../../components/layout/screen-layout';
import { LoadingRegion, SkeletonBlock } from '../../../components/ui/skeleton';
import { href } from '../../../config/route-paths';
import { forgetOauthState, isOauthStateExpected } from '../logic/wechat-oauth';
import { useWechatLogin } from '../api/wechat-login';
import { useLeaveSignIn } from '../logic/login-destination';
import { OauthRestart } from './oauth-expired';
import { afterWechatLogin, readOauthCallback } from '../logic/oauth-flow';

type Failure = 'denied' | 'stateMismatch' | 'failed';

/**
 * /login/redirect: where WeChat sends the learner back with `code` and `state`. A bound WeChat
 * account is signed in (to lastUrl, else home); an unbound one goes on to OAuthBindUser.
 */
export default function LoginRedirectScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const wechatLogin = useWechatLogin();
  const leave = useLeaveSignIn();
  const started = useRef(false);
  // Read once, on arrival: what WeChat sent back, checked against the state this browser sent.
  const [callback] = useState(() => readOauthCallback(search, isOauthStateExpected(search.get('state'))));
  const [loginFailed, setLoginFailed] = useState(false);
  const failure: Failure | null = callback.kind !== 'code' ? callback.kind : loginFailed ? 'failed' : null;

  useEffect(() => {
    // A code is good for one exchange: strict mode's second run must not spend it again.
    if (started.current) return;
    started.current = true;
    // The state is single-use, whatever happens next.
    forgetOauthState();
    if (callback.kind !== 'code') return;
    wechatLogin.mutateAsync(callback.code).then(
      (result) => {
        if (afterWechatLogin(result).kind === 'signedIn') leave();
        else void navigate(href('OAuthBindUser'), { replace: true });
      },
      () => setLoginFailed(true),
    );
  }, [callback, wechatLogin, leave, navigate]);

  return (
    <ScreenLayout title={t('auth.oauth.redirectTitle')} surface="white">
      {failure ? (
        <OauthRestart
          title={t('auth.oauth.failedTitle')}
          description={t(
            failure === 'denied'
              ? 'auth.oauth.denied'
              : failure === 'stateMismatch'
                ? 'auth.oauth.stateMismatch'
                : 'auth.oauth.failed',
          )}
        />
      ) : (
        <LoadingRegion>
          <div className="flex flex-col items-center px-6 py-16">
            <SkeletonBlock className="size-16 rounded-full" />
            <p className="mt-4 text-sm text-ink-muted">{t('auth.oauth.signingIn')}</p>
          </div>
        </LoadingRegion>
      )}
    </ScreenLayout>
  );
}
