import { useTranslation } from './i18n';
import { showToast } from './toast';

export interface SmsCodeSenderOptions {
  /** Validates the form's phone field (react-hook-form's `trigger`). */
  trigger(name: 'phone'): Promise<boolean>;
  /** Reads the form's phone field (react-hook-form's `getValues`). */
  getValues(name: 'phone'): string;
  /** Asks the server for a code for the phone. */
  send(phone: string): Promise<{ resendAfterSeconds: number }>;
  /** A refused send (e.g. a phone bound to another account), to show on the form. */
  onError(error: unknown): void;
}

/**
 * The `onSend` of an `SmsCodeField`: checks the phone, sends the code and says so, and resolves
 * with the seconds before a resend, or null when nothing was sent.
 */
export function useSmsCodeSender({ trigger, getValues, send, onError }: SmsCodeSenderOptions) {
  const { t } = useTranslation();
  return async function sendCode(): Promise<number | null> {
    if (!(await trigger('phone'))) return null;
    try {
      const sent = await send(getValues('phone'));
      showToast(t('common.codeSent'), 'success');
      return sent.resendAfterSeconds;
    } catch (error) {
      onError(error);
      return null;
    }
  };
}
