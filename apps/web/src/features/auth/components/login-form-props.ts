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
