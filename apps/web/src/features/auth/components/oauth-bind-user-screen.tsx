import { zodResolver } from '@hookform/resolvers/zod';
import { oauthBindExistingSchema, type OauthBindExisting } from '@school/contract/oauth';
import Button from 'antd-mobile/es/components/button';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from '../../../lib/i18n';
import { Link } from '../../../components/ui/router-link';
import { ScreenLayout } from '../../../components/layout/screen-layout';
import { PasswordField } from '../../../components/form/password-field';
import { LoginIdField } from '../../../components/form/login-id-field';
import { href } from '../../../config/route-paths';
import { apiClient } from '../../../lib/api-client';
import { fieldErrorSetter } from '../../../lib/field-error-setter';
import { useBindExisting } from '../api/oauth-bind';
import { useLeaveSignIn } from '../logic/login-destination';
import { OauthRestart } from './oauth-expired';
import { bindFailure } from '../logic/oauth-flow';

type Step = 'credentials' | 'confirm' | 'expired';

/**
 * /oauth/bind/user: an unbound WeChat learner ties WeChat to the account they already have.
 * Step one asks for the account (username or phone) and its password, "Next"; step two says
 * what will happen, "Bind account". "Register" goes to a new account instead.
 */
export default function OauthBindUserScreen() {
  const { t } = useTranslation();
  const bind = useBindExisting();
  const leave = useLeaveSignIn();
  const [step, setStep] = useState<Step>('credentials');
  const {
    register,
    handleSubmit,
    setError,
    getValues,
    formState: { errors },
  } = useForm<OauthBindExisting>({
    resolver: zodResolver(oauthBindExistingSchema),
    defaultValues: { username: '', password: '' },
  });

  const next = handleSubmit(() => setStep('confirm'));

  async function confirm() {
    try {
      await bind.mutateAsync(getValues());
      leave();
    } catch (error) {
      const failure = bindFailure(error);
      // Back on the first step, after it is shown again, so the field exists to take focus.
      const backWith = (field: 'username' | 'password', message: string) => {
        setStep('credentials');
        setTimeout(() => setError(field, { message }, { shouldFocus: true }), 0);
      };
      if (failure === 'alreadyBound') {
        backWith('username', 'auth.bind.alreadyBound');
        return;
      }
      apiClient.notifyError(error);
      if (failure === 'restart') setStep('expired');
      else if (failure === 'credentials') backWith('password', 'error.badCredential');
      else fieldErrorSetter((field, { message }) => backWith(field, message), ['username', 'password'] as const)(error);
    }
  }

  if (step === 'expired') {
    return (
      <ScreenLayout title={t('route.oauthBind')} back surface="white">
        <OauthRestart title={t('auth.oauth.expiredTitle')} description={t('auth.oauth.expired')} />
      </ScreenLayout>
    );
  }

  return (
    <ScreenLayout title={t('route.oauthBind')} back surface="white">
      <div className="px-4 pt-5">
        <p className="text-xs font-medium text-brand-strong" aria-live="polite">
          {t('auth.bind.step', { current: step === 'credentials' ? 1 : 2, total: 2 })}
        </p>
        <h2 className="mt-1 text-lg font-semibold text-ink">
          {step === 'credentials' ? t('auth.bind.credentialsTitle') : t('auth.bind.confirmTitle')}
        </h2>
        <p className="mt-1 text-sm text-ink-muted">
          {step === 'credentials'
            ? t('auth.bind.credentialsHint')
            : t('auth.bind.confirmHint', { account: getValues('username').trim() })}
        </p>
      </div>

      {step === 'credentials' ? (
        <form noValidate onSubmit={(event) => void next(event)} className="space-y-4 px-4 pt-5 pb-8">
          <LoginIdField
            label={t('auth.username.label')}
            placeholder={t('auth.username.placeholder')}
            error={errors.username?.message}
            {...register('username')}
          />
          <PasswordField
            label={t('auth.password.label')}
            autoComplete="current-password"
            placeholder={t('auth.password.placeholder')}
            error={errors.password?.message}
            {...register('password')}
          />
          {/* A flex gap: antd's own button stylesheet outranks the spacing utilities. */}
          <div className="flex flex-col gap-3">
            <Button block type="submit" color="primary" shape="rounded" size="large">
              {t('auth.bind.next')}
            </Button>
            <Link
              to={href('OAuthBindRegister')}
              className="flex h-11 items-center justify-center rounded-full border border-line text-sm font-medium text-ink"
            >
              {t('auth.bind.register')}
            </Link>
          </div>
        </form>
      ) : (
        <div className="flex flex-col gap-3 px-4 pt-6 pb-8">
          <Button
            block
            color="primary"
            shape="rounded"
            size="large"
            loading={bind.isPending}
            onClick={() => void confirm()}
          >
            {t('auth.bind.submit')}
          </Button>
          <Button block shape="rounded" size="large" disabled={bind.isPending} onClick={() => setStep('credentials')}>
            {t('auth.bind.back')}
          </Button>
        </div>
      )}
    </ScreenLayout>
  );
}
