import { useTranslation } from '../../../lib/i18n';
import { PhoneCodeFields } from '../../../components/form/phone-code-fields';
import { apiClient } from '../../../lib/api-client';
import { confirmDialog, type ConfirmTexts } from '../../../lib/confirm-dialog';
import { isApiError } from '../../../lib/api-error';
import { fieldErrorSetter } from '../../../lib/field-error-setter';
import { useCodeLogin } from '../api/code-login';
import { useSmsLogin } from '../api/login-sms';
import { useSendSmsCode } from '../api/send-sms-code';
import { submitWithConsent, type LoginFormProps } from './login-form-props';
import { deferredResolver } from '../../../lib/deferred-resolver';
import { usePlainForm } from '../../../lib/use-plain-form';
import type { SmsLoginForm } from '../logic/sms-login-schema';

const resolver = deferredResolver(() => import('../logic/sms-login-schema').then((m) => m.smsLoginResolver));
import { SubmitButton } from '../../../components/form/submit-button';

const fieldNames = ['phone', 'code'] as const;

export interface SmsLoginFormProps extends LoginFormProps {
  /** Asks whether to create an account for a phone that has none (a dialog; tests answer it). */
  confirmSignUp?: (texts: ConfirmTexts) => Promise<boolean>;
  /** The countdown's clock (tests). */
  now?: () => number;
}

/**
 * Phone quick login (docs/product.md#session): a `login` code by SMS, then POST /api/login/sms. A phone
 * without an account is offered one on the spot with the same code.
 */
export function SmsLoginForm({
  consent,
  consentSlot,
  onConsentMissing,
  onSuccess,
  confirmSignUp = confirmDialog,
  now,
}: SmsLoginFormProps) {
  const { t } = useTranslation();
  const sendCode = useSendSmsCode();
  const smsLogin = useSmsLogin();
  const codeLogin = useCodeLogin();
  const form = usePlainForm<SmsLoginForm>({ resolver });
  const showFieldError = fieldErrorSetter(form.setError, fieldNames);

  async function signUpWithCode(phone: string, code: string) {
    const create = await confirmSignUp({
      title: t('auth.sms.noAccount.title'),
      content: t('auth.sms.noAccount.message'),
      confirmText: t('auth.sms.noAccount.confirm'),
      cancelText: t('auth.sms.noAccount.cancel'),
    });
    if (!create) return;
    try {
      await codeLogin.mutateAsync({ phone, code, rememberMe: consent.rememberMe });
      onSuccess();
    } catch (error) {
      showFieldError(error);
    }
  }

  const submit = submitWithConsent({ consent, onConsentMissing }, form.handleSubmit, async ({ phone, code }) => {
    try {
      await smsLogin.mutateAsync({ phone, code, rememberMe: consent.rememberMe });
      onSuccess();
    } catch (error) {
      if (isApiError(error) && error.code === 'userNotFound') {
        await signUpWithCode(phone, code);
        return;
      }
      apiClient.notifyError(error);
      showFieldError(error);
    }
  });

  return (
    <form noValidate onSubmit={submit} onFocus={resolver.preload} className="space-y-4 px-4 pt-5 pb-6">
      <PhoneCodeFields form={form} sendCode={(phone) => sendCode.mutateAsync({ phone, purpose: 'login' })} now={now} />
      {consentSlot}
      <SubmitButton pending={smsLogin.isPending || codeLogin.isPending} loadingText={t('auth.submitting')}>
        {t('auth.submit')}
      </SubmitButton>
    </form>
  );
}
