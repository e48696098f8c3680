import { zodResolver } from '@hookform/resolvers/zod';
import Button from 'antd-mobile/es/components/button';
import { useForm } from 'react-hook-form';
import { useTranslation } from '../../../lib/i18n';
import { PhoneField } from '../../../components/form/phone-field';
import { SmsCodeField } from '../../../components/form/sms-code-field';
import { fieldErrorSetter } from '../../../lib/field-error-setter';
import { withEarlyPasswordMatch } from '../../../lib/password-match';
import { showToast } from '../../../lib/toast';
import { useSmsCodeSender } from '../../../lib/use-sms-code-sender';
import { useResetPassword } from '../api/reset-password';
import { useSendSmsCode } from '../api/send-sms-code';
import { NewPasswordFields } from './new-password-fields';
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

  const showFieldError = fieldErrorSetter(setError, fieldNames);

  const send = useSmsCodeSender({
    trigger,
    getValues,
    send: (phone) => sendCode.mutateAsync({ phone, purpose: 'resetPassword' }),
    onError: showFieldError,
  });

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
      <PhoneField
        label={t('auth.reset.phone.label')}
        placeholder={t('auth.phone.placeholder')}
        error={errors.phone?.message}
        {...register('phone')}
      />
      <SmsCodeField onSend={send} now={now} error={errors.code?.message} {...register('code')} />
      <NewPasswordFields register={register} errors={errors} />
      <Button block type="submit" color="primary" shape="rounded" size="large" loading={reset.isPending}>
        {t('auth.reset.submit')}
      </Button>
    </form>
  );
}
