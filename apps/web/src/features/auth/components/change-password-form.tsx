import { zodResolver } from '@hookform/resolvers/zod';
import Button from 'antd-mobile/es/components/button';
import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from '../../../lib/i18n';
import { PasswordField } from '../../../components/form/password-field';
import { isApiError } from '../../../lib/api-error';
import { fieldErrorSetter } from '../../../lib/field-error-setter';
import { withEarlyPasswordMatch } from '../../../lib/password-match';
import { showToast } from '../../../lib/toast';
import { useChangePassword } from '../api/change-password';
import { NewPasswordFields } from './new-password-fields';
import { changePasswordFormSchema, type ChangePasswordForm } from '../logic/reset-password-schema';

const fieldNames = ['oldPassword', 'password', 'confirmPassword'] as const;

/** POST /api/users/password: the signed-in learner's new password, after the current one. */
export function ChangePasswordForm({ hasPassword, onDone }: { hasPassword: boolean; onDone(): void }) {
  const { t } = useTranslation();
  const change = useChangePassword();
  const schema = useMemo(() => changePasswordFormSchema(hasPassword), [hasPassword]);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<ChangePasswordForm>({
    mode: 'onTouched',
    resolver: withEarlyPasswordMatch(zodResolver(schema)),
    defaultValues: { oldPassword: '', password: '', confirmPassword: '' },
  });

  const showFieldError = fieldErrorSetter(setError, fieldNames);

  const submit = handleSubmit(async ({ oldPassword, password, confirmPassword }) => {
    try {
      await change.mutateAsync({ ...(hasPassword ? { oldPassword } : {}), password, confirmPassword });
      showToast(t('common.saved'), 'success');
      onDone();
    } catch (error) {
      if (isApiError(error) && error.code === 'badCredential') {
        setError('oldPassword', { message: 'auth.change.wrongPassword' }, { shouldFocus: true });
        return;
      }
      showFieldError(error);
    }
  });

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="space-y-4 px-4 pt-5 pb-8">
      {hasPassword ? (
        <PasswordField
          label={t('auth.change.current.label')}
          autoComplete="current-password"
          placeholder={t('auth.change.current.placeholder')}
          error={errors.oldPassword?.message}
          {...register('oldPassword')}
        />
      ) : (
        <p className="rounded-lg bg-brand-soft px-3 py-2 text-sm text-ink">{t('auth.change.noPasswordYet')}</p>
      )}
      <NewPasswordFields register={register} errors={errors} />
      <Button block type="submit" color="primary" shape="rounded" size="large" loading={change.isPending}>
        {t('auth.change.submit')}
      </Button>
    </form>
  );
}
