import { describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-error';
import { fieldErrorSetter } from './field-error-setter';

const fields = ['phone', 'code', 'username'] as const;
const focus = { shouldFocus: true };

/** The field and message `fieldErrorSetter` put `error` on, or null when it placed none. */
function placed(error: unknown, on: readonly string[] = fields) {
  const setError = vi.fn();
  const didPlace = fieldErrorSetter(setError, on)(error);
  expect(didPlace).toBe(setError.mock.calls.length === 1);
  return didPlace ? setError.mock.calls[0] : null;
}

describe('fieldErrorSetter', () => {
  it('uses the field and rule the server names, when the form has that field', () => {
    expect(placed(new ApiError('validationFailed', 400, 'phone', 'rule.phone.invalid'))).toEqual([
      'phone',
      { message: 'rule.phone.invalid' },
      focus,
    ]);
    expect(placed(new ApiError('validationFailed', 400, 'email', 'rule.x'))).toBeNull();
  });

  it('puts the catalogue codes about a field on it', () => {
    expect(placed(new ApiError('usernameTaken', 409))).toEqual(['username', { message: 'rule.username.taken' }, focus]);
    expect(placed(new ApiError('phoneBound', 409))).toEqual(['phone', { message: 'rule.phone.bound' }, focus]);
    expect(placed(new ApiError('smsCodeExpired', 400))).toEqual(['code', { message: 'error.smsCodeExpired' }, focus]);
  });

  it('leaves an error about no field of the form to the caller', () => {
    expect(placed(new ApiError('phoneBound', 409), ['code'])).toBeNull();
    expect(placed(new ApiError('tooManyRequests', 429))).toBeNull();
    expect(placed(new Error('offline'))).toBeNull();
  });
});
