import { describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-error';
import { fieldErrorSetter } from './field-error-setter';

describe('fieldErrorSetter', () => {
  it('puts the message on the named field and focuses it', () => {
    const setError = vi.fn();
    fieldErrorSetter<{ phone: string; code: string }, 'phone' | 'code'>(setError, ['phone', 'code'])(
      new ApiError('phoneBound', 409),
    );
    expect(setError).toHaveBeenCalledWith('phone', { message: 'rule.phone.bound' }, { shouldFocus: true });
  });

  it('leaves an error about no field of the form alone', () => {
    const setError = vi.fn();
    const show = fieldErrorSetter<{ code: string }, 'code'>(setError, ['code']);
    show(new ApiError('phoneBound', 409));
    show(new Error('offline'));
    expect(setError).not.toHaveBeenCalled();
  });
});
