import { useId, type InputHTMLAttributes, type Ref } from 'react';
import { Trans } from '../../lib/i18n';
import { Link } from '../ui/router-link';
import { href } from '../../config/route-paths';
import { FieldError } from './field-error';

interface AgreementCheckboxProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'className'> {
  /** Message id of the error (the agreement is required before login or sign-up). */
  error?: string | undefined;
  ref?: Ref<HTMLInputElement>;
}

/** "I have read and agree to the Terms of Service and the Privacy Policy", with both links. */
export function AgreementCheckbox({ error, id, ref, ...input }: AgreementCheckboxProps) {
  const generated = useId();
  const inputId = id ?? generated;
  const errorId = `${inputId}-error`;
  return (
    <div>
      <div className="flex items-start gap-2">
        <input
          ref={ref}
          id={inputId}
          type="checkbox"
          className="mt-0.5 size-4 shrink-0 accent-brand-strong"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          {...input}
        />
        {/* The label holds the links too; tapping a link opens it, tapping text ticks the box. */}
        <label htmlFor={inputId} className="text-xs leading-5 text-ink-muted">
          <Trans
            id="ui.agreement"
            components={{
              terms: <Link to={href('meAgreement', { code: 'terms' })} className="text-brand-strong underline" />,
              privacy: <Link to={href('meAgreement', { code: 'privacy' })} className="text-brand-strong underline" />,
            }}
          />
        </label>
      </div>
      <FieldError id={errorId} message={error} />
    </div>
  );
}
