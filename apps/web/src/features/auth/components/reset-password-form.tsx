import { zodResolver } from '@hookform/resolvers/zod';
import Button from 'antd-mobile/es/components/button';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { PasswordField } from '../../../components/form/password-field';
import { SmsCodeField } from '../../../components/form/sms-code-field';
import { TextField } from '../../../components/form/text-field';
import { fieldErrorOf } from '../../../lib/form-errors';
import { withEarlyPasswordMatch } from '../../../lib/password-match';
import { showToast } from '../../../lib/toast';
import { useResetPassword } from '../api/reset-password';
import { useSendSmsCode } from '../api/send-sms-code';
import { resetPasswordFormSchema, type ResetPasswordForm } from './reset-password-schema';

const fieldNames = ['phone', 'code', 'password', 'confirmPassword'] as const;

/** POST /api/users/password/reset with a code sent to the account's phone. */
export function ResetPasswordByCodeForm({ onDone, now }: { onDone(): void; now?: () => number }) {
  const { t } = useTranslation();
  const sendCode = useSendSmsCode();
  const reset = useResetPassword();
  const {
    register,
    handleSubmit,
    setError,
    trigger,
    getValues,
    formState: { errors },
  } = useForm<ResetPasswordForm>({
    mode: 'onTouched',
    resolver: withEarlyPasswordMatch(zodResolver(resetPasswordFormSchema)),
    defaultValues: { phone: '', code: '', password: '', confirmPassword: '' },
  });

  const showFieldError = (error: unknown) => {
    const fieldError = fieldErrorOf(error, fieldNames);
    if (fieldError) setError(fieldError.field, { message: fieldError.message }, { shouldFocus: true });
  };

  async function send(): Promise<number | null> {
    if (!(await trigger('phone'))) return null;
    try {
      const sent = await sendCode.mutateAsync({ phone: getValues('phone'), purpose: 'resetPassword' });
      showToast(t('common.codeSent'), 'success');
      return sent.resendAfterSeconds;
    } catch (error) {
      showFieldError(error);
      return null;
    }
  }

  const submit = handleSubmit(async (values) => {
    try {
      await reset.mutateAsync(values);
      showToast(t('common.passwordReset'), 'success');
      onDone();
    } catch (error) {
      showFieldError(error);
    }
  });

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="space-y-4 px-4 pt-5 pb-8">
      <TextField
        label={t('auth.reset.phone.label')}
        type="tel"
        inputMode="numeric"
        autoComplete="tel"
        maxLength={11}
        placeholder={t('auth.phone.placeholder')}
        error={errors.phone?.message}
        {...register('phone')}
      />
      <SmsCodeField onSend={send} now={now} error={errors.code?.message} {...register('code')} />
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
      <Button block type="submit" color="primary" shape="rounded" size="large" loading={reset.isPending}>
        {t('auth.reset.submit')}
      </Button>
    </form>
  );
}
