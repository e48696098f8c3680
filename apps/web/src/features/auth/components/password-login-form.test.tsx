import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { session } from '../../../lib/session';
import { renderWithProviders } from '../../../testing/render-with-providers';
import { PasswordLoginForm } from './password-login-form';

const toastShow = vi.hoisted(() => vi.fn());
vi.mock('antd-mobile/es/components/toast', () => ({ default: { show: toastShow } }));
vi.mock('../../../lib/antd-renderer', () => ({ ensureAntdRenderer: () => Promise.resolve() }));

const user = {
  id: 1,
  username: 'learner',
  nickname: '学员小明',
  gender: null,
  avatar: null,
  introduction: '',
  phone: null,
  email: null,
  wechatBound: false,
};

describe('PasswordLoginForm', () => {
  const fetchMock = vi.fn<typeof fetch>();
  beforeEach(() => {
    localStorage.clear();
    fetchMock.mockReset();
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('shows the contract rule messages and sends nothing when the form is incomplete', async () => {
    await renderWithProviders(<PasswordLoginForm onSuccess={() => {}} />);
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByText('Please enter a username or phone number')).toBeTruthy();
    expect(screen.getByText('Please enter a password')).toBeTruthy();
    expect(screen.getByText('Please read and accept the agreements first')).toBeTruthy();
    expect(screen.getByLabelText('Username or phone number').getAttribute('aria-invalid')).toBe('true');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('posts the form, stores the user with remember-me and reports success', async () => {
    fetchMock.mockResolvedValue(
      new Response(JSON.stringify({ user }), { status: 200, headers: { 'content-type': 'application/json' } }),
    );
    const onSuccess = vi.fn();
    await renderWithProviders(<PasswordLoginForm onSuccess={onSuccess} />);
    fireEvent.change(screen.getByLabelText('Username or phone number'), { target: { value: ' learner ' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'learner123' } });
    fireEvent.click(screen.getByLabelText('Remember me for 10 days'));
    fireEvent.click(screen.getByRole('checkbox', { name: /I have read and agree/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));

    await waitFor(() => expect(onSuccess).toHaveBeenCalled());
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/login');
    expect(String(init?.body)).toBe('username=learner&password=learner123&rememberMe=true');
    expect(session.user()).toEqual(user);
    expect(localStorage.getItem('remember_me')).toBe('true');
  });

  it('puts a server-side rule failure on its field', async () => {
    fetchMock.mockResolvedValue(
      new Response(
        JSON.stringify({ code: 'validationFailed', message: 'x', field: 'password', rule: 'rule.password.required' }),
        { status: 400, headers: { 'content-type': 'application/json' } },
      ),
    );
    await renderWithProviders(<PasswordLoginForm onSuccess={() => {}} />);
    fireEvent.change(screen.getByLabelText('Username or phone number'), { target: { value: 'learner' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'x' } });
    fireEvent.click(screen.getByRole('checkbox', { name: /I have read and agree/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByText('Please enter a password')).toBeTruthy();
    // The HTTP client's notice, in the learner's language.
    await waitFor(() =>
      expect(toastShow).toHaveBeenCalledWith(expect.objectContaining({ content: 'Please check what you entered' })),
    );
  });
});
