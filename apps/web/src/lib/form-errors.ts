import { isApiError } from './api-error';

/**
 * Where a refused submission belongs on a form: the field the server named with the rule it
 * broke, or the field a catalogue code is about (a taken name, a bound phone, a wrong code).
 * The message is a message id (a rule or an error text), translated where it is shown.
 */
export function fieldErrorOf<F extends string>(
  error: unknown,
  fields: readonly F[],
): { field: F; message: string } | null {
  if (!isApiError(error)) return null;
  const on = (name: string, message: string) =>
    (fields as readonly string[]).includes(name) ? { field: name as F, message } : null;
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
