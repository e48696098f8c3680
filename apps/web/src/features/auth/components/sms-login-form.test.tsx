import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { session } from '../../../lib/session';
import { callsOf, jsonResponse, routedFetch } from '../../../testing/fetch-mock';
import { learner } from '../../../testing/fixtures';
import { renderWithProviders } from '../../../testing/render-with-providers';
import { SmsLoginForm } from './sms-login-form';

const toastShow = vi.hoisted(() => vi.fn());
vi.mock('antd-mobile/es/components/toast', () => ({ default: { show: toastShow } }));
vi.mock('../../../lib/antd-renderer', () => ({ ensureAntdRenderer: () => Promise.resolve() }));

describe('SMS login for a phone without an account', () => {
  beforeEach(() => {
    localStorage.clear();
    session.clear();
    toastShow.mockReset();
  });
  afterEach(() => vi.unstubAllGlobals());

  async function submitUnknownPhone(answer: boolean) {
    const fetchMock = routedFetch(
      (url) =>
        url.pathname === '/api/login/sms' ? jsonResponse(404, { code: 'userNotFound', message: 'x' }) : undefined,
      (url) =>
        url.pathname === '/api/register/code/verify' ? jsonResponse(200, { user: learner, created: true }) : undefined,
    );
    vi.stubGlobal('fetch', fetchMock);
    const confirmSignUp = vi.fn(async () => answer);
    const onSuccess = vi.fn();
    await renderWithProviders(
      <SmsLoginForm
        consent={{ agreed: true, rememberMe: true }}
        consentSlot={null}
        onConsentMissing={() => {}}
        onSuccess={onSuccess}
        confirmSignUp={confirmSignUp}
      />,
    );
    fireEvent.change(screen.getByLabelText('Phone number'), { target: { value: '13700137000' } });
    fireEvent.change(screen.getByLabelText('Verification code'), { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(confirmSignUp).toHaveBeenCalled());
    return { fetchMock, onSuccess };
  }

  it('offers to create the account with the same code, and signs it in', async () => {
    const { fetchMock, onSuccess } = await submitUnknownPhone(true);
    await waitFor(() => expect(onSuccess).toHaveBeenCalled());
    expect(callsOf(fetchMock)).toEqual(['POST /api/login/sms', 'POST /api/register/code/verify?rememberMe=true']);
    expect(JSON.parse(String(fetchMock.mock.calls[1]![1]?.body))).toEqual({ phone: '13700137000', code: '123456' });
    expect(session.user()).toEqual(learner);
    // The quick login was silent: no "user not found" notice before the question.
    expect(toastShow).not.toHaveBeenCalled();
  });

  it('does nothing more when the learner declines', async () => {
    const { fetchMock, onSuccess } = await submitUnknownPhone(false);
    expect(callsOf(fetchMock)).toEqual(['POST /api/login/sms']);
    expect(onSuccess).not.toHaveBeenCalled();
  });
});
