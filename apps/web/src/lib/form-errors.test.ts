import { describe, expect, it } from 'vitest';
import { ApiError } from './api-error';
import { fieldErrorOf } from './form-errors';

const fields = ['phone', 'code', 'username'] as const;

describe('fieldErrorOf', () => {
  it('uses the field and rule the server names, when the form has that field', () => {
    expect(fieldErrorOf(new ApiError('validationFailed', 400, 'phone', 'rule.phone.invalid'), fields)).toEqual({
      field: 'phone',
      message: 'rule.phone.invalid',
    });
    expect(fieldErrorOf(new ApiError('validationFailed', 400, 'email', 'rule.x'), fields)).toBeNull();
  });

  it('puts the catalogue codes about a field on it', () => {
    expect(fieldErrorOf(new ApiError('usernameTaken', 409), fields)).toEqual({
      field: 'username',
      message: 'rule.username.taken',
    });
    expect(fieldErrorOf(new ApiError('phoneBound', 409), fields)).toEqual({
      field: 'phone',
      message: 'rule.phone.bound',
    });
    expect(fieldErrorOf(new ApiError('smsCodeExpired', 400), fields)).toEqual({
      field: 'code',
      message: 'error.smsCodeExpired',
    });
    expect(fieldErrorOf(new ApiError('phoneBound', 409), ['code'] as const)).toBeNull();
    expect(fieldErrorOf(new ApiError('tooManyRequests', 429), fields)).toBeNull();
    expect(fieldErrorOf(new Error('x'), fields)).toBeNull();
  });
});
