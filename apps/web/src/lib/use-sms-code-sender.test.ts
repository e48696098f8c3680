import { act, renderHook } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-error';
import { useSmsCodeSender, type SmsCodeSenderOptions } from './use-sms-code-sender';

const toasts = vi.hoisted(() => [] as [string, string | undefined][]);
vi.mock('./toast', () => ({ showToast: (text: string, kind?: string) => toasts.push([text, kind]) }));

function sender(overrides: Partial<SmsCodeSenderOptions> = {}) {
  const options = {
    trigger: vi.fn(() => Promise.resolve(true)),
    getValues: vi.fn(() => '13800138000'),
    send: vi.fn(() => Promise.resolve({ resendAfterSeconds: 60 })),
    onError: vi.fn(),
    ...overrides,
  };
  const { result } = renderHook(() => useSmsCodeSender(options));
  return { send: result.current, options };
}

describe('useSmsCodeSender', () => {
  beforeEach(() => {
    toasts.length = 0;
  });

  it('sends a code to the checked phone, says so and resolves with the resend wait', async () => {
    const { send, options } = sender();
    let wait: number | null = null;
    await act(async () => {
      wait = await send();
    });
    expect(wait).toBe(60);
    expect(options.trigger).toHaveBeenCalledWith('phone');
    expect(options.send).toHaveBeenCalledWith('13800138000');
    expect(toasts).toEqual([['common.codeSent', 'success']]);
    expect(options.onError).not.toHaveBeenCalled();
  });

  it('sends nothing for a phone that fails validation', async () => {
    const { send, options } = sender({ trigger: vi.fn(() => Promise.resolve(false)) });
    expect(await send()).toBeNull();
    expect(options.send).not.toHaveBeenCalled();
    expect(toasts).toEqual([]);
  });

  it('hands a refused send to onError and resolves with null', async () => {
    const refusal = new ApiError('phoneBound', 409);
    const { send, options } = sender({ send: vi.fn(() => Promise.reject(refusal)) });
    expect(await send()).toBeNull();
    expect(options.onError).toHaveBeenCalledWith(refusal);
    expect(toasts).toEqual([]);
  });
});
