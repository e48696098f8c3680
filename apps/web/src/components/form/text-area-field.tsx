import { useId, type Ref, type TextareaHTMLAttributes } from 'react';
import { FieldError } from './field-error';
import { labelClass } from './field-styles';

export interface TextAreaFieldProps extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'className'> {
  label: string;
  /** Message id of the field's error (a contract rule). */
  error?: string | undefined;
  /** Under the box, read with it: how much of the limit is used ("8 / 500"). */
  counter?: string;
  counterTestId?: string;
  className?: string;
  ref?: Ref<HTMLTextAreaElement>;
}

/**
 * A labelled multi-line text box with its announced error: ratings, questions, answers, notes,
 * a refund's reason, an introduction.
 */
export function TextAreaField({
  label,
  error,
  counter,
  counterTestId,
  className,
  id,
  ref,
  rows = 4,
  ...textarea
}: TextAreaFieldProps) {
  const generated = useId();
  const fieldId = id ?? generated;
  const errorId = `${fieldId}-error`;
  const counterId = `${fieldId}-count`;
  const describedBy = [counter === undefined ? null : counterId, error ? errorId : null].filter(Boolean).join(' ');
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
        aria-describedby={describedBy || undefined}
        className={`w-full resize-none rounded-lg border bg-surface px-3 py-2 text-[0.9375rem] leading-6 text-ink placeholder:text-ink-subtle disabled:bg-canvas ${
          error ? 'border-danger' : 'border-line'
        }`}
        {...textarea}
      />
      {counter === undefined ? null : (
        <p id={counterId} className="mt-1 text-right text-xs text-ink-muted tabular-nums" data-testid={counterTestId}>
          {counter}
        </p>
      )}
      <FieldError id={errorId} message={error} />
    </div>
  );
}
