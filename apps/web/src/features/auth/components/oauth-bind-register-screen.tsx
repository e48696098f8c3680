import { useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { Link } from '../../../components/ui/router-link';
import { ScreenLayout } from '../../../components/layout/screen-layout';
import { href } from '../../../config/route-paths';
import { useBindRegister } from '../api/oauth-bind';
import { useLeaveSignIn } from '../logic/login-destination';
import { OauthRestart } from './oauth-expired';
import { bindFailure } from '../logic/oauth-flow';
import { SignUpForm } from './sign-up-form';

/**
 * /oauth/bind/register: an unbound WeChat learner creates an account tied to WeChat (nickname,
 * username, password twice, phone and code). "Bind other account ?" goes back to binding one.
 */
export default function OauthBindRegisterScreen() {
  const { t } = useTranslation();
  const bind = useBindRegister();
  const leave = useLeaveSignIn();
  const [expired, setExpired] = useState(false);

  return (
    <ScreenLayout title={t('route.oauthBind')} back surface="white">
      {expired ? (
        <OauthRestart title={t('auth.oauth.expiredTitle')} description={t('auth.oauth.expired')} />
      ) : (
        <>
          <div className="px-4 pt-5">
            <h2 className="text-lg font-semibold text-ink">{t('auth.bindRegister.title')}</h2>
            <p className="mt-1 text-sm text-ink-muted">{t('auth.bindRegister.hint')}</p>
          </div>
          <SignUpForm
            submitLabel={t('auth.bindRegister.submit')}
            pending={bind.isPending}
            onSubmit={async (values) => {
              try {
                await bind.mutateAsync(values);
                leave();
              } catch (error) {
                if (bindFailure(error) === 'restart') setExpired(true);
                // A bound phone, a taken name, a wrong code: the form puts it on the field.
                else throw error;
              }
            }}
            footer={
              <p className="text-center text-sm">
                <Link to={href('OAuthBindUser')} replace className="font-medium text-brand-strong">
                  {t('auth.bindRegister.bindOther')}
                </Link>
              </p>
            }
          />
        </>
      )}
    </ScreenLayout>
  );
}
