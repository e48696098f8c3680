import type { UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from '../../../lib/i18n';
import { PasswordField } from '../../../components/form/password-field';

type NewPasswordField = 'password' | 'confirmPassword';

interface NewPasswordFieldsProps {
  /** The form's `register`; the form has `password` and `confirmPassword` fields. */
  register(name: NewPasswordField): UseFormRegisterReturn;
  errors: Partial<Record<NewPasswordField, { message?: string | undefined }>>;
}

/** A new password and its confirmation (sign-up, reset, change). */
export function NewPasswordFields({ register, errors }: NewPasswordFieldsProps) {
  const { t } = useTranslation();
  return (
    <>
      <PasswordField
        label={t('auth.newPassword.label')}
        autoComplete="new-password"
        placeholder={t('auth.newPassword.placeholder')}
        error={errors.password?.message}
        {...register('password')}
      />
      <PasswordField
        label={t('auth.confirmPassword.label')}
        autoComplete="new-password"
        placeholder={t('auth.confirmPassword.placeholder')}
        error={errors.confirmPassword?.message}
        {...register('confirmPassword')}
      />
    </>
  );
}
