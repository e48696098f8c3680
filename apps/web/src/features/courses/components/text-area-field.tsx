import { useId, type Ref, type TextareaHTMLAttributes } from 'react';
import { FieldError } from '../../../components/form/field-error';
import { labelClass } from '../../../components/form/field-styles';

export interface TextAreaFieldProps extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'className'> {
  label: string;
  /** Message id of the field's error (a contract rule). */
  error?: string | undefined;
  className?: string;
  ref?: Ref<HTMLTextAreaElement>;
}

/** A labelled multi-line text box with its announced error: comments, questions and answers. */
export function TextAreaField({ label, error, className, id, ref, rows = 4, ...textarea }: TextAreaFieldProps) {
  const generated = useId();
  const fieldId = id ?? generated;
  const errorId = `${fieldId}-error`;
  return (
    <div className={className}>
      <label htmlFor={fieldId} className={labelClass}>
        {label}
      </label>
      <textarea
        ref={ref}
        id={fieldId}
        rows={rows}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        className={`w-full resize-none rounded-lg border bg-surface px-3 py-2 text-[0.9375rem] leading-6 text-ink placeholder:text-ink-subtle disabled:bg-canvas ${
          error ? 'border-danger' : 'border-line'
        }`}
        {...textarea}
      />
      <FieldError id={errorId} message={error} />
    </div>
  );
}
