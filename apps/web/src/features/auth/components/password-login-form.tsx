import { useTranslation } from '../../../lib/i18n';
import { Link } from '../../../components/ui/router-link';
import { PasswordField } from '../../../components/form/password-field';
import { LoginIdField } from '../../../components/form/login-id-field';
import { href } from '../../../config/route-paths';
import { fieldErrorSetter } from '../../../lib/field-error-setter';
import { useLogin } from '../api/login';
import { submitWithConsent, type LoginFormProps } from './login-form-props';
import { deferredResolver } from '../../../lib/deferred-resolver';
import { usePlainForm } from '../../../lib/use-plain-form';
import type { PasswordLoginForm } from '../logic/password-login-schema';

const resolver = deferredResolver(() => import('../logic/password-login-schema').then((m) => m.passwordLoginResolver));
import { SubmitButton } from '../../../components/form/submit-button';

const fieldNames = ['username', 'password'] as const;

/** Username-or-phone + password login (docs/product.md#session). */
export function PasswordLoginForm({ consent, consentSlot, onConsentMissing, onSuccess }: LoginFormProps) {
  const { t } = useTranslation();
  const login = useLogin();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = usePlainForm<PasswordLoginForm>({ resolver });

  const showFieldError = fieldErrorSetter(setError, fieldNames);

  const submit = submitWithConsent({ consent, onConsentMissing }, handleSubmit, async ({ username, password }) => {
    try {
      await login.mutateAsync({ username, password, rememberMe: consent.rememberMe });
      onSuccess();
    } catch (error) {
      // The notice is already on screen; a rejected field also gets its message in place.
      showFieldError(error);
    }
  });

  return (
    <form noValidate onSubmit={submit} onFocus={resolver.preload} className="space-y-4 px-4 pt-5 pb-6">
      <LoginIdField
        label={t('auth.username.label')}
        placeholder={t('auth.username.placeholder')}
        error={errors.username?.message}
        {...register('username')}
      />
      <div>
        <PasswordField
          label={t('auth.password.label')}
          autoComplete="current-password"
          placeholder={t('auth.password.placeholder')}
          error={errors.password?.message}
          {...register('password')}
        />
        {/* 44 px tall to tap, though the words are small. */}
        <div className="flex justify-end">
          <Link to={href('resetPassword')} className="inline-flex min-h-11 items-center text-xs text-brand-strong">
            {t('auth.forgotPassword')}
          </Link>
        </div>
      </div>
      {consentSlot}
      <SubmitButton pending={login.isPending} loadingText={t('auth.submitting')}>
        {t('auth.submit')}
      </SubmitButton>
    </form>
  );
}
