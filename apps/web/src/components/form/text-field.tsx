import { useId, type InputHTMLAttributes, type ReactNode, type Ref } from 'react';
import { FieldError } from './field-error';
import { inputClass, labelClass } from './field-styles';

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'className'> {
  label: string;
  /** Message id of the field's error. */
  error?: string | undefined;
  /** Shown under the field while it has no error (e.g. an availability check). */
  hint?: ReactNode;
  /** Beside the input (e.g. the "send code" button). */
  trailing?: ReactNode;
  /** Inside the input's right end (e.g. the show-password toggle). */
  adornment?: ReactNode;
  className?: string;
  ref?: Ref<HTMLInputElement>;
}

/** A labelled input with its error (announced) and hint, wired with aria-invalid/-describedby. */
export function TextField({ label, error, hint, trailing, adornment, className, id, ref, ...input }: TextFieldProps) {
  const generated = useId();
  const inputId = id ?? generated;
  const errorId = `${inputId}-error`;
  const hintId = `${inputId}-hint`;
  const describedBy = [error ? errorId : null, !error && hint ? hintId : null].filter(Boolean).join(' ');

  return (
    <div className={className}>
      <label htmlFor={inputId} className={labelClass}>
        {label}
      </label>
      <div className="flex gap-2">
        <div className="relative min-w-0 flex-1">
          <input
            ref={ref}
            id={inputId}
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy || undefined}
            className={inputClass(!!error, adornment ? 'pr-11' : '')}
            {...input}
          />
          {adornment}
        </div>
        {trailing}
      </div>
      <FieldError id={errorId} message={error} />
      {!error && hint ? (
        <div id={hintId} className="mt-1 text-xs">
          {hint}
        </div>
      ) : null}
    </div>
  );
}
