import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { session } from '../../../lib/session';
import { callsOf, jsonResponse, routedFetch } from '../../../testing/fetch-mock';
import { learner } from '../../../testing/fixtures';
import { LocationProbe } from '../../../testing/location-probe';
import { renderWithProviders } from '../../../testing/render-with-providers';
import RegisterScreen from './register-screen';

const toastShow = vi.hoisted(() => vi.fn());
vi.mock('antd-mobile/es/components/toast', () => ({ default: { show: toastShow } }));
vi.mock('../../../lib/antd-renderer', () => ({ ensureAntdRenderer: () => Promise.resolve() }));

function renderRegister() {
  return renderWithProviders(
    <Routes>
      <Route path="/register" element={<RegisterScreen />} />
      <Route path="*" element={<LocationProbe />} />
    </Routes>,
    { path: '/register', state: { from: '/courses/c1' } },
  );
}

function fill(values: Record<string, string>) {
  for (const [label, value] of Object.entries(values)) {
    fireEvent.change(screen.getByLabelText(label), { target: { value } });
  }
}

const complete = {
  'Phone number': '13900139000',
  'Verification code': '123456',
  Nickname: 'Ann',
  Username: 'ann_lee',
  'New password': 'secret123',
  'Confirm password': 'secret123',
};

describe('registration screen', () => {
  let fetchMock: ReturnType<typeof routedFetch>;
  const stubFetch = (...routes: Parameters<typeof routedFetch>) => {
    fetchMock = routedFetch(...routes);
    vi.stubGlobal('fetch', fetchMock);
  };
  beforeEach(() => {
    localStorage.clear();
    session.clear();
    toastShow.mockReset();
  });
  afterEach(() => vi.unstubAllGlobals());

  const available = (url: URL) =>
    url.pathname === '/api/register/check/username'
      ? jsonResponse(200, { available: url.searchParams.get('username') !== 'taken_name' })
      : undefined;

  it('shows every rule message for an empty form and sends nothing', async () => {
    stubFetch();
    await renderRegister();
    fireEvent.click(screen.getByRole('button', { name: 'Create account' }));
    for (const text of [
      'Please enter a phone number',
      'The verification code is 6 digits',
      'Please enter a nickname',
      'Please enter a username',
      'Please enter a password',
      'Please confirm the password',
      'Please read and accept the agreements first',
    ]) {
      expect(await screen.findByText(text)).toBeTruthy();
    }
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('checks the username rules and that the passwords match', async () => {
    stubFetch(available);
    await renderRegister();
    fill({ ...complete, Username: '_ann', 'Confirm password': 'secret124' });
    fireEvent.click(screen.getByRole('checkbox', { name: /I have read and agree/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('Username must not start or end with an underscore or a dot')).toBeTruthy();
    expect(screen.getByText('The two passwords do not match')).toBeTruthy();
    expect(callsOf(fetchMock).filter((call) => call.startsWith('POST'))).toEqual([]);
  });

  it('says as you type whether the username is free', async () => {
    stubFetch(available);
    await renderRegister();
    fill({ Username: 'taken_name' });
    expect(await screen.findByText('This name is already taken')).toBeTruthy();
    fill({ Username: 'free_name' });
    expect(await screen.findByText('This username is available')).toBeTruthy();
    expect(callsOf(fetchMock)).toContain('GET /api/register/check/username?username=free_name');
  });

  it('sends a register code for the phone', async () => {
    stubFetch((url) =>
      url.pathname === '/api/users/sms/code'
        ? jsonResponse(200, { resendAfterSeconds: 60, expiresInSeconds: 600 })
        : undefined,
    );
    await renderRegister();
    fill({ 'Phone number': '13900139000' });
    fireEvent.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByRole('button', { name: 'Resend in 60 s' })).toBeTruthy();
    expect(callsOf(fetchMock)).toEqual(['GET /api/users/sms/code?phone=13900139000&purpose=register']);
  });

  it('refuses a phone bound to another account with the catalogue text', async () => {
    stubFetch((url) =>
      url.pathname === '/api/users/sms/code' ? jsonResponse(409, { code: 'phoneBound', message: 'x' }) : undefined,
    );
    await renderRegister();
    fill({ 'Phone number': '13800138000' });
    fireEvent.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByText('This phone number is already bound to another account')).toBeTruthy();
    expect(screen.getByLabelText('Phone number').getAttribute('aria-invalid')).toBe('true');
  });

  it('puts a name taken meanwhile on the username field', async () => {
    stubFetch(available, (url) =>
      url.pathname === '/api/register' ? jsonResponse(409, { code: 'usernameTaken', message: 'x' }) : undefined,
    );
    await renderRegister();
    fill(complete);
    fireEvent.click(screen.getByRole('checkbox', { name: /I have read and agree/ }));
    await screen.findByText('This username is available');
    fireEvent.click(screen.getByRole('button', { name: 'Create account' }));
    await waitFor(() => expect(screen.getByLabelText('Username').getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getAllByText('This name is already taken').length).toBeGreaterThan(0);
  });

  it('creates the account, signs in and returns where the learner came from', async () => {
    stubFetch(available, (url) =>
      url.pathname === '/api/register' ? jsonResponse(200, { user: learner }) : undefined,
    );
    await renderRegister();
    fill(complete);
    fireEvent.click(screen.getByRole('checkbox', { name: /I have read and agree/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect((await screen.findByTestId('location')).textContent).toBe('/courses/c1');
    const post = fetchMock.mock.calls.find(([input]) => String(input).startsWith('/api/register?'))!;
    expect(String(post[0])).toBe('/api/register?rememberMe=false');
    expect(JSON.parse(String(post[1]?.body))).toEqual({
      phone: '13900139000',
      code: '123456',
      nickname: 'Ann',
      username: 'ann_lee',
      password: 'secret123',
      confirmPassword: 'secret123',
    });
    expect(session.user()).toEqual(learner);
  });
});
