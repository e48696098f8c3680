import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { session } from '../../../lib/session';
import { storage } from '../../../lib/storage';
import { createOauthState } from '../logic/wechat-oauth';
import { callsOf, jsonResponse, routedFetch } from '../../../testing/fetch-mock';
import { learner } from '../../../testing/fixtures';
import { LocationProbe } from '../../../testing/location-probe';
import { renderWithProviders } from '../../../testing/render-with-providers';
import LoginRedirectScreen from './login-redirect-screen';
import OauthBindRegisterScreen from './oauth-bind-register-screen';
import OauthBindUserScreen from './oauth-bind-user-screen';

const toastShow = vi.hoisted(() => vi.fn());
vi.mock('antd-mobile/es/components/toast', () => ({ default: { show: toastShow } }));
vi.mock('../../../lib/antd-renderer', () => ({ ensureAntdRenderer: () => Promise.resolve() }));

function renderAt(path: string) {
  return renderWithProviders(
    <Routes>
      <Route path="/login/redirect" element={<LoginRedirectScreen />} />
      <Route path="/oauth/bind/user" element={<OauthBindUserScreen />} />
      <Route path="/oauth/bind/register" element={<OauthBindRegisterScreen />} />
      <Route path="*" element={<LocationProbe />} />
    </Routes>,
    { path },
  );
}

describe('WeChat OAuth screens', () => {
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

  describe('loginRedirect', () => {
    const wechatLogin = (body: unknown) => (url: URL) =>
      url.pathname === '/api/oauth/wechat/login' ? jsonResponse(200, body) : undefined;

    it('signs a bound WeChat account in with rememberMe=true and goes to lastUrl', async () => {
      stubFetch(wechatLogin({ status: 'LOGGED_IN', user: learner }));
      const state = createOauthState();
      session.saveLastUrl('/me');
      await renderAt(`/login/redirect?code=wx-code&state=${state}`);
      expect((await screen.findByTestId('location')).textContent).toBe('/me');
      expect(callsOf(fetchMock)).toEqual(['POST /api/oauth/wechat/login?rememberMe=true']);
      expect(JSON.parse(String(fetchMock.mock.calls[0]![1]?.body))).toEqual({ code: 'wx-code' });
      expect(session.user()).toEqual(learner);
      expect(localStorage.getItem('remember_me')).toBe('true');
    });

    it('sends an unbound WeChat account to the binding step', async () => {
      stubFetch(wechatLogin({ status: 'BIND_REQUIRED' }));
      const state = createOauthState();
      await renderAt(`/login/redirect?code=wx-code&state=${state}`);
      expect(await screen.findByText('Step 1 of 2')).toBeTruthy();
      expect(session.user()).toBeNull();
    });

    it('refuses a code that comes back with a state this browser did not send', async () => {
      stubFetch();
      createOauthState();
      await renderAt('/login/redirect?code=stolen&state=other');
      expect(
        await screen.findByText('This login link was not started on this device. Please start again.'),
      ).toBeTruthy();
      expect(fetchMock).not.toHaveBeenCalled();
      expect(screen.getByRole('link', { name: 'Log in with WeChat again' }).getAttribute('href')).toBe('/login/home');
    });

    it('tells the learner when WeChat came back without a code', async () => {
      stubFetch();
      const state = createOauthState();
      await renderAt(`/login/redirect?state=${state}`);
      expect(await screen.findByText('WeChat did not confirm the login. You can try again.')).toBeTruthy();
      expect(storage.get('wechat_oauth_state')).toBeNull();
    });
  });

  describe('OAuthBindUser', () => {
    it('checks the fields, then binds the existing account after Next', async () => {
      stubFetch((url) => (url.pathname === '/api/oauth/bind' ? jsonResponse(200, { user: learner }) : undefined));
      await renderAt('/oauth/bind/user');
      fireEvent.click(screen.getByRole('button', { name: 'Next' }));
      expect(await screen.findByText('Please enter a username or phone number')).toBeTruthy();
      expect(screen.getByRole('link', { name: 'Register' }).getAttribute('href')).toBe('/oauth/bind/register');

      fireEvent.change(screen.getByLabelText('Username or phone number'), { target: { value: 'learner' } });
      fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'learner123' } });
      fireEvent.click(screen.getByRole('button', { name: 'Next' }));
      expect(await screen.findByText('Step 2 of 2')).toBeTruthy();
      expect(screen.getByText('From now on WeChat logs you in to the account “learner”.')).toBeTruthy();
      expect(fetchMock).not.toHaveBeenCalled();

      fireEvent.click(screen.getByRole('button', { name: 'Bind account' }));
      expect((await screen.findByTestId('location')).textContent).toBe('/');
      expect(callsOf(fetchMock)).toEqual(['POST /api/oauth/bind?isBindExistingUser=true&rememberMe=true']);
      expect(JSON.parse(String(fetchMock.mock.calls[0]![1]?.body))).toEqual({
        username: 'learner',
        password: 'learner123',
      });
      expect(session.user()).toEqual(learner);
    });

    it('goes back to the password step on wrong credentials', async () => {
      stubFetch(() => jsonResponse(400, { code: 'badCredential', message: 'x' }));
      await renderAt('/oauth/bind/user');
      fireEvent.change(screen.getByLabelText('Username or phone number'), { target: { value: 'learner' } });
      fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'wrong-pass1' } });
      fireEvent.click(screen.getByRole('button', { name: 'Next' }));
      fireEvent.click(await screen.findByRole('button', { name: 'Bind account' }));
      await waitFor(() => expect(screen.getByLabelText('Password').getAttribute('aria-invalid')).toBe('true'));
      expect(screen.getByText('Step 1 of 2')).toBeTruthy();
      expect((screen.getByLabelText('Username or phone number') as HTMLInputElement).value).toBe('learner');
    });

    it('says so when the account is bound to another WeChat already, without the generic notice', async () => {
      stubFetch(() => jsonResponse(409, { code: 'conflict', message: 'x' }));
      await renderAt('/oauth/bind/user');
      fireEvent.change(screen.getByLabelText('Username or phone number'), { target: { value: 'learner' } });
      fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'learner123' } });
      fireEvent.click(screen.getByRole('button', { name: 'Next' }));
      fireEvent.click(await screen.findByRole('button', { name: 'Bind account' }));
      expect(await screen.findByText('This account is already bound to another WeChat')).toBeTruthy();
      expect(screen.getByText('Step 1 of 2')).toBeTruthy();
      expect(toastShow).not.toHaveBeenCalled();
    });

    it('asks to start again when the WeChat identity has expired', async () => {
      stubFetch(() => jsonResponse(404, { code: 'oauthUserNotFound', message: 'x' }));
      await renderAt('/oauth/bind/user');
      fireEvent.change(screen.getByLabelText('Username or phone number'), { target: { value: 'learner' } });
      fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'learner123' } });
      fireEvent.click(screen.getByRole('button', { name: 'Next' }));
      fireEvent.click(await screen.findByRole('button', { name: 'Bind account' }));
      expect(await screen.findByText('Please log in with WeChat again')).toBeTruthy();
    });
  });

  describe('OAuthBindRegister', () => {
    it('registers a new account bound to WeChat, with a way back to binding another', async () => {
      stubFetch(
        (url) => (url.pathname === '/api/register/check/username' ? jsonResponse(200, { available: true }) : undefined),
        (url) => (url.pathname === '/api/oauth/bind' ? jsonResponse(200, { user: learner }) : undefined),
      );
      await renderAt('/oauth/bind/register');
      expect(screen.getByRole('link', { name: 'Bind other account ?' }).getAttribute('href')).toBe('/oauth/bind/user');
      for (const [label, value] of Object.entries({
        Nickname: 'Wei',
        Username: 'wei_x',
        'New password': 'secret123',
        'Confirm password': 'secret123',
        'Phone number': '13600136000',
        'Verification code': '654321',
      })) {
        fireEvent.change(screen.getByLabelText(label), { target: { value } });
      }
      fireEvent.click(screen.getByRole('checkbox', { name: /I have read and agree/ }));
      fireEvent.click(screen.getByRole('button', { name: 'Register and bind' }));
      expect((await screen.findByTestId('location')).textContent).toBe('/');
      expect(callsOf(fetchMock)).toContain('POST /api/oauth/bind?isBindExistingUser=false&rememberMe=true');
    });
  });
});
