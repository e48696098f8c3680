import { useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { useLocation } from 'react-router';
import { Link } from '../../../components/ui/router-link';
import { AgreementCheckbox } from '../../../components/form/agreement-checkbox';
import { ScreenLayout } from '../../../components/layout/screen-layout';
import { accountLoginQuery, href } from '../../../config/route-paths';
import { useFromState } from '../logic/login-destination';
import { WechatIcon } from './wechat-icon';
import { WechatLoginButton } from './wechat-login-button';

/**
 * /login/home inside WeChat with the official-account login on (docs/product.md#wechat): WeChat login first,
 * the account login one link away.
 */
export function WechatLoginHome({ schoolName }: { schoolName: string | null }) {
  const { t } = useTranslation();
  const location = useLocation();
  const returnTo = useFromState();
  const [agreed, setAgreed] = useState(false);
  const [error, setError] = useState<string | undefined>();

  return (
    <ScreenLayout title={t('wechat.home.title')} back surface="white">
      <div className="flex flex-col items-center px-6 pt-12 text-center">
        <span
          aria-hidden="true"
          className="flex size-16 items-center justify-center rounded-full bg-brand-soft text-[2rem] text-success"
        >
          <WechatIcon />
        </span>
        <h2 className="mt-4 text-xl font-semibold text-ink">
          {schoolName ? t('wechat.home.welcomeTo', { school: schoolName }) : t('wechat.home.welcome')}
        </h2>
        <p className="mt-2 text-sm text-ink-muted">{t('wechat.home.hint')}</p>
      </div>
      <div className="flex flex-col gap-4 px-6 pt-8 pb-8">
        <WechatLoginButton
          returnTo={returnTo}
          guard={{ agreed, onConsentMissing: () => setError('rule.agreement.required') }}
        />
        <Link
          to={href('login', {}, accountLoginQuery)}
          state={location.state}
          className="flex h-11 items-center justify-center rounded-full border border-line text-sm font-medium text-ink"
        >
          {t('wechat.home.otherWay')}
        </Link>
        <AgreementCheckbox
          checked={agreed}
          error={error}
          onChange={(event) => {
            setAgreed(event.target.checked);
            if (event.target.checked) setError(undefined);
          }}
        />
      </div>
    </ScreenLayout>
  );
}
