import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { session } from '../../../lib/session';
import { callsOf, jsonResponse, routedFetch } from '../../../testing/fetch-mock';
import { learner } from '../../../testing/fixtures';
import { renderWithProviders } from '../../../testing/render-with-providers';
import EmailConfirmScreen from './email-confirm-screen';
import EmailEditScreen from './email-edit-screen';

const toastShow = vi.hoisted(() => vi.fn());
vi.mock('antd-mobile/es/components/toast', () => ({ default: { show: toastShow } }));
vi.mock('../../../lib/antd-renderer', () => ({ ensureAntdRenderer: () => Promise.resolve() }));

const token = 'T'.repeat(43);

describe('email binding screens', () => {
  let fetchMock: ReturnType<typeof routedFetch>;
  beforeEach(() => {
    localStorage.clear();
    session.saveUser({ ...learner, email: null });
    toastShow.mockReset();
    fetchMock = routedFetch(
      (url, init) => {
        if (url.pathname !== '/api/users/bind/email' || init?.method !== 'POST') return undefined;
        const { email } = JSON.parse(String(init.body)) as { email: string };
        return email.startsWith('taken')
          ? jsonResponse(409, { code: 'emailBound', message: '', field: 'email', rule: 'rule.email.bound' })
          : jsonResponse(200, { email, expiresInSeconds: 1800, resendAfterSeconds: 60 });
      },
      (url, init) => {
        if (url.pathname !== '/api/users/bind/email/confirm') return undefined;
        const body = JSON.parse(String(init?.body)) as { token: string };
        return body.token === token
          ? jsonResponse(200, { email: 'me@example.com' })
          : jsonResponse(400, { code: 'emailLinkInvalid', message: '' });
      },
    );
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => vi.unstubAllGlobals());

  const field = () => screen.getByLabelText('Email') as HTMLInputElement;

  it('refuses a malformed address without asking the server', async () => {
    await renderWithProviders(<EmailEditScreen />);
    fireEvent.change(field(), { target: { value: 'not-an-email' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send link' }));
    expect(await screen.findByText('Please enter a valid email address')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('sends the link, then says where it went and how long it works', async () => {
    await renderWithProviders(<EmailEditScreen />);
    expect(screen.getByText('No email is bound to your account yet.')).toBeTruthy();
    fireEvent.change(field(), { target: { value: 'Me@Example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send link' }));
    expect(await screen.findByRole('heading', { name: 'Check your inbox' })).toBeTruthy();
    expect(screen.getByText('We sent a link to me@example.com.')).toBeTruthy();
    expect(screen.getByText(/Open it within 30 minutes/)).toBeTruthy();
    expect(callsOf(fetchMock)).toEqual(['POST /api/users/bind/email']);
    await waitFor(() => expect(toastShow).toHaveBeenCalled());
    expect(toastShow.mock.calls.at(-1)?.[0]).toMatchObject({ content: 'Email sent, please check it in time' });
  });

  it('shows an address bound to another account under the field', async () => {
    await renderWithProviders(<EmailEditScreen />);
    fireEvent.change(field(), { target: { value: 'taken@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send link' }));
    expect(await screen.findByText('This email is already bound to another account')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Check your inbox' })).toBeNull();
  });

  it('binds the email of a good link and stores it on the signed-in learner', async () => {
    await renderWithProviders(<EmailConfirmScreen />, { path: `/?token=${token}` });
    expect(await screen.findByRole('heading', { name: 'Email bound' })).toBeTruthy();
    expect(screen.getByText('me@example.com is now your account’s email.')).toBeTruthy();
    expect(session.user()?.email).toBe('me@example.com');
  });

  it('says why a link did not work, with the way to a new one', async () => {
    await renderWithProviders(<EmailConfirmScreen />, { path: '/?token=old' });
    expect(await screen.findByRole('heading', { name: 'The email was not bound' })).toBeTruthy();
    expect(screen.getByText('This link has expired or was used. Send a new one')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Send a new link' }).getAttribute('href')).toBe('/me/account/email');
    expect(session.user()?.email).toBeNull();
  });
});
