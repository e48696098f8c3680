import { zodResolver } from '@hookform/resolvers/zod';
import Button from 'antd-mobile/es/components/button';
import { useForm } from 'react-hook-form';
import { useTranslation } from '../../../lib/i18n';
import { PhoneCodeFields } from '../../../components/form/phone-code-fields';
import { fieldErrorSetter } from '../../../lib/field-error-setter';
import { withEarlyPasswordMatch } from '../../../lib/password-match';
import { showToast } from '../../../lib/toast';
import { useResetPassword } from '../api/reset-password';
import { useSendSmsCode } from '../api/send-sms-code';
import { NewPasswordFields } from './new-password-fields';
import { resetPasswordFormSchema, type ResetPasswordForm } from '../logic/reset-password-schema';

const fieldNames = ['phone', 'code', 'password', 'confirmPassword'] as const;

/** POST /api/users/password/reset with a code sent to the account's phone. */
export function ResetPasswordByCodeForm({ onDone, now }: { onDone(): void; now?: () => number }) {
  const { t } = useTranslation();
  const sendCode = useSendSmsCode();
  const reset = useResetPassword();
  const form = useForm<ResetPasswordForm>({
    mode: 'onTouched',
    resolver: withEarlyPasswordMatch(zodResolver(resetPasswordFormSchema)),
    defaultValues: { phone: '', code: '', password: '', confirmPassword: '' },
  });
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = form;
  const showFieldError = fieldErrorSetter(form.setError, fieldNames);

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
      <PhoneCodeFields
        form={form}
        phoneLabel={t('auth.reset.phone.label')}
        sendCode={(phone) => sendCode.mutateAsync({ phone, purpose: 'resetPassword' })}
        now={now}
      />
      <NewPasswordFields register={register} errors={errors} />
      <Button block type="submit" color="primary" shape="rounded" size="large" loading={reset.isPending}>
        {t('auth.reset.submit')}
      </Button>
    </form>
  );
}
