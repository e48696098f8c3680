import { isApiError } from './api-error';

/** What `fieldErrorSetter` calls to show a message on a field: react-hook-form's `setError` fits. */
export type FieldErrorSink<N extends string> = (
  field: N,
  error: { message: string },
  options: { shouldFocus: boolean },
) => void;

/**
 * Puts a refused submission's message on the field it belongs to and focuses that field: the
 * field the server named with the rule it broke, or the field a catalogue code is about (a taken
 * name, a bound phone, a wrong code). The message is a message id (a rule or an error text),
 * translated where it is shown. Says whether it placed one: an error about none of `fields` is
 * left to the caller (a notice, when its request was silent).
 */
export function fieldErrorSetter<N extends string>(
  setError: FieldErrorSink<NoInfer<N>>,
  fields: readonly N[],
): (error: unknown) => boolean {
  return (error) => {
    const fieldError = fieldErrorOf(error, fields);
    if (fieldError) setError(fieldError.field, { message: fieldError.message }, { shouldFocus: true });
    return fieldError !== null;
  };
}

function fieldErrorOf<N extends string>(error: unknown, fields: readonly N[]): { field: N; message: string } | null {
  if (!isApiError(error)) return null;
  const on = (name: string, message: string) =>
    (fields as readonly string[]).includes(name) ? { field: name as N, message } : null;
  if (error.field && error.rule) {
    const named = on(error.field, error.rule);
    if (named) return named;
  }
  switch (error.code) {
    case 'usernameTaken':
      return on('username', 'rule.username.taken');
    case 'phoneBound':
      return on('phone', 'rule.phone.bound');
    case 'smsCodeWrong':
    case 'smsCodeNotSent':
    case 'smsCodeExpired':
      return on('code', `error.${error.code}`);
    default:
      return null;
  }
}
