import { limits } from '@school/contract/limits';
import { useEffect, useId, useRef } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { AgreementCheckbox } from '../../../components/form/agreement-checkbox';

export interface LoginConsentState {
  /** The terms and privacy policy are accepted (docs/product.md#session: required before login). */
  agreed: boolean;
  /** Keep the session for 10 days (docs/product.md#session). */
  rememberMe: boolean;
}

interface LoginConsentProps {
  value: LoginConsentState;
  onChange(next: LoginConsentState): void;
  /** Message id shown under the agreement. */
  error?: string | undefined;
}

/** Remember-me and the agreement tick, shared by every login tab so switching keeps them. */
export function LoginConsent({ value, onChange, error }: LoginConsentProps) {
  const { t } = useTranslation();
  const rememberId = useId();
  const rememberBox = useRef<HTMLInputElement>(null);
  const agreementBox = useRef<HTMLInputElement>(null);
  // On a page the server rendered, the learner may tick a box before the code has taken the
  // form over: the box shows it, and the code's state follows it once it runs.
  useEffect(() => {
    const ticked = {
      rememberMe: rememberBox.current?.checked ?? value.rememberMe,
      agreed: agreementBox.current?.checked ?? value.agreed,
    };
    if (ticked.rememberMe !== value.rememberMe || ticked.agreed !== value.agreed) onChange(ticked);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once: when the code takes the markup over
  }, []);
  return (
    <div className="space-y-3">
      <div className="flex items-center gap-2">
        <input
          ref={rememberBox}
          id={rememberId}
          type="checkbox"
          className="size-4 accent-brand-strong"
          checked={value.rememberMe}
          onChange={(event) => onChange({ ...value, rememberMe: event.target.checked })}
        />
        <label htmlFor={rememberId} className="text-sm text-ink-muted">
          {t('auth.rememberMe', { days: limits.rememberMeDays })}
        </label>
      </div>
      <AgreementCheckbox
        ref={agreementBox}
        checked={value.agreed}
        onChange={(event) => onChange({ ...value, agreed: event.target.checked })}
        error={error}
      />
    </div>
  );
}
