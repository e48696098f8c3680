import type { FormEvent } from 'react';
import type { FieldValues } from 'react-hook-form';
import type { PlainForm } from '../../../lib/use-plain-form';
import type { ReactNode } from 'react';
import type { LoginConsentState } from './login-consent';

/** What the login screen hands each of its tabs. */
export interface LoginFormProps {
  consent: LoginConsentState;
  /** The remember-me and agreement block, placed above the submit button. */
  consentSlot: ReactNode;
  /** Submitted without the agreement ticked: the screen shows its error. */
  onConsentMissing(): void;
  onSuccess(): void;
}

/**
 * The submit of both login tabs: without the ticked agreement its error shows and nothing is
 * sent, but the fields are still checked so every refusal shows at once.
 */
export function submitWithConsent<T extends FieldValues>(
  { consent, onConsentMissing }: Pick<LoginFormProps, 'consent' | 'onConsentMissing'>,
  handleSubmit: PlainForm<T>['handleSubmit'],
  onValid: (values: T) => Promise<void>,
): (event: FormEvent<HTMLFormElement>) => void {
  return (event) => {
    const agreed = consent.agreed;
    if (!agreed) onConsentMissing();
    void handleSubmit(async (values) => {
      if (agreed) await onValid(values);
    })(event);
  };
}
