import { useTranslation } from '../../../lib/i18n';
import { Link } from '../../../components/ui/router-link';
import { ScreenLayout } from '../../../components/layout/screen-layout';
import { href } from '../../../config/route-paths';
import { useRegister } from '../api/register';
import { useFromState, useLeaveSignIn } from '../logic/login-destination';
import { SignUpForm } from './sign-up-form';

/** /register: a new account with an SMS-verified phone; signed in right away. */
export default function RegisterScreen() {
  const { t } = useTranslation();
  const registration = useRegister();
  const leave = useLeaveSignIn();
  const from = useFromState();

  return (
    <ScreenLayout title={t('route.register')} back surface="white">
      <p className="px-4 pt-5 text-sm text-ink-muted">{t('auth.register.intro')}</p>
      <SignUpForm
        submitLabel={t('auth.register.submit')}
        pending={registration.isPending}
        onSubmit={async (values) => {
          await registration.mutateAsync({ ...values, rememberMe: false });
          leave();
        }}
        footer={
          <p className="text-center text-sm text-ink-muted">
            {t('auth.register.haveAccount')}{' '}
            <Link
              to={href('login')}
              state={from ? { from } : undefined}
              replace
              className="font-medium text-brand-strong"
            >
              {t('auth.register.toLogin')}
            </Link>
          </p>
        }
      />
    </ScreenLayout>
  );
}
