import type { UseFormRegisterReturn } from 'react-hook-form';
import { fieldErrorSetter, type FieldErrorSink } from '../../lib/field-error-setter';
import { useTranslation } from '../../lib/i18n';
import { useSmsCodeSender } from '../../lib/use-sms-code-sender';
import { PhoneField } from './phone-field';
import { SmsCodeField } from './sms-code-field';

/** The part of a react-hook-form form (`useForm`'s result) with `phone` and `code` fields that the pair uses. */
export interface PhoneCodeForm {
  register(name: 'phone'): UseFormRegisterReturn<'phone'>;
  register(name: 'code'): UseFormRegisterReturn<'code'>;
  trigger(name: 'phone'): Promise<boolean>;
  getValues(name: 'phone'): string;
  setError: FieldErrorSink<'phone' | 'code'>;
  formState: { errors: { phone?: { message?: string }; code?: { message?: string } } };
}

interface PhoneCodeFieldsProps {
  form: PhoneCodeForm;
  /** What the number is for, where "Phone number" does not say it ("New mobile number"). */
  phoneLabel?: string;
  /** Asks the server for a code for the (checked) phone; a refusal about the phone lands on it. */
  sendCode(phone: string): Promise<{ resendAfterSeconds: number }>;
  /** The countdown's clock (tests). */
  now?: (() => number) | undefined;
}

/**
 * A phone number and the SMS code sent to it, with the "send code" button: signing in or up by
 * SMS, resetting a password, binding a new number.
 */
export function PhoneCodeFields({ form, phoneLabel, sendCode, now }: PhoneCodeFieldsProps) {
  const { t } = useTranslation();
  const { errors } = form.formState;
  const send = useSmsCodeSender({
    trigger: form.trigger,
    getValues: form.getValues,
    send: sendCode,
    onError: fieldErrorSetter(form.setError, ['phone', 'code']),
  });
  return (
    <>
      <PhoneField
        label={phoneLabel ?? t('ui.phone.label')}
        placeholder={t('ui.phone.placeholder')}
        error={errors.phone?.message}
        {...form.register('phone')}
      />
      <SmsCodeField onSend={send} now={now} error={errors.code?.message} {...form.register('code')} />
    </>
  );
}
