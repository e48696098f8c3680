import { lazy, Suspense, useEffect, useId, useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { SectionTabs } from '../../../components/catalogue/section-tabs';
import { Link } from '../../../components/ui/router-link';
import { ScreenLayout } from '../../../components/layout/screen-layout';
import { href } from '../../../config/route-paths';
import { LoginConsent, type LoginConsentState } from './login-consent';
import { useFromState, useLeaveSignIn } from '../logic/login-destination';
import { PasswordLoginForm } from './password-login-form';
import { afterLoadWhenIdle } from '../../../lib/after-load-when-idle';
import { LoadingRegion, SkeletonBlock } from '../../../components/ui/skeleton';

// The phone tab's form (its code field and send button, the sign-up dialog) comes when that tab
// is first chosen or once the page has settled, and WeChat's button only inside WeChat: neither
// is part of the login's first download (decision 030).
const loadSmsLoginForm = () => import('./sms-login-form');
const SmsLoginForm = lazy(() => loadSmsLoginForm().then((form) => ({ default: form.SmsLoginForm })));
const WechatLoginButton = lazy(() =>
  import('./wechat-login-button').then((button) => ({ default: button.WechatLoginButton })),
);

/** The phone tab while its form arrives: its fields, tick boxes and button, in their places. */
function SmsFormPlaceholder() {
  return (
    <LoadingRegion>
      <div className="space-y-4 px-4 pt-5 pb-6">
        <SkeletonBlock className="h-[4.25rem]" />
        <SkeletonBlock className="h-[4.25rem]" />
        {/* Remember me, then the agreement's two lines: the form's own room, so nothing below moves. */}
        <SkeletonBlock className="h-5 w-48" />
        <SkeletonBlock className="h-9" />
        <SkeletonBlock className="h-12 rounded-full" />
      </div>
    </LoadingRegion>
  );
}

type LoginTab = 'password' | 'sms';

export interface LoginViewProps {
  /** WeChat is one of the "other login methods" (inside WeChat with the official-account login on). */
  wechatLogin?: boolean;
}

/**
 * /login: password and phone quick-login tabs (docs/product.md#session), remember-me and the agreement
 * shared by both, then other ways in (WeChat, a new account).
 */
export function LoginView({ wechatLogin = false }: LoginViewProps) {
  const { t } = useTranslation();
  const leave = useLeaveSignIn();
  const from = useFromState();
  const otherMethodsId = useId();
  const [tab, setTab] = useState<LoginTab>('password');
  const [consent, setConsent] = useState<LoginConsentState>({ agreed: false, rememberMe: false });
  const [consentError, setConsentError] = useState<string | undefined>();
  useEffect(() => afterLoadWhenIdle(() => void loadSmsLoginForm().catch(() => undefined)), []);

  const consentSlot = (
    <LoginConsent
      value={consent}
      error={consentError}
      onChange={(next) => {
        setConsent(next);
        if (next.agreed) setConsentError(undefined);
      }}
    />
  );
  const onConsentMissing = () => setConsentError('rule.agreement.required');
  // Only the visible tab holds the block (the other pane stays mounted, hidden).
  const formProps = (key: LoginTab) => ({
    consent,
    consentSlot: tab === key ? consentSlot : null,
    onConsentMissing,
    onSuccess: leave,
  });

  return (
    <ScreenLayout title={t('auth.title')} back surface="white">
      <div className="px-4 pt-6">
        <h2 className="text-xl font-semibold text-ink">{t('auth.welcome')}</h2>
        <p className="mt-1 text-sm text-ink-muted">{t('auth.welcomeHint')}</p>
      </div>
      {/* The forms bring their own padding. Our light tabs, not antd-mobile's, whose ink bar
          brings an animation library to the first screen (decision 027). */}
      <div className="mt-3">
        <SectionTabs
          label={t('auth.title')}
          active={tab}
          sticky={false}
          onChange={(key) => {
            setTab(key);
            // A refusal belongs to the attempt on the other tab.
            setConsentError(undefined);
          }}
          tabs={[
            {
              key: 'password',
              label: t('auth.tab.password'),
              render: () => <PasswordLoginForm {...formProps('password')} />,
            },
            {
              key: 'sms',
              label: t('auth.tab.sms'),
              render: () => (
                <Suspense fallback={<SmsFormPlaceholder />}>
                  <SmsLoginForm {...formProps('sms')} />
                </Suspense>
              ),
            },
          ]}
        />
      </div>

      <section aria-labelledby={otherMethodsId} className="px-4 pb-8">
        <h2 id={otherMethodsId} className="flex items-center gap-3 text-xs text-ink-muted">
          <span aria-hidden="true" className="h-px flex-1 bg-line" />
          {t('auth.otherMethods')}
          <span aria-hidden="true" className="h-px flex-1 bg-line" />
        </h2>
        <div className="mt-4 flex flex-col items-stretch gap-3">
          {wechatLogin && (
            <Suspense fallback={<div className="h-11" />}>
              <WechatLoginButton guard={{ agreed: consent.agreed, onConsentMissing }} returnTo={from} />
            </Suspense>
          )}
          <Link
            to={href('register')}
            state={from ? { from } : undefined}
            className="flex h-11 items-center justify-center rounded-full border border-line text-sm font-medium text-ink"
          >
            {t('auth.registerLink')}
          </Link>
        </div>
      </section>
    </ScreenLayout>
  );
}

export default function LoginScreen() {
  return <LoginView />;
}
