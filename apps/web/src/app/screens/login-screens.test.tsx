import type { SystemConfig } from '@school/contract/shell';
import { screen } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { shellKeys } from '../../features/shell/api/shell-keys';
import { session } from '../../lib/session';
import { learner } from '../../testing/fixtures';
import { LocationProbe } from '../../testing/location-probe';
import { renderWithProviders } from '../../testing/render-with-providers';
import LoginHomeRouteScreen from './login-home-screen';
import LoginRouteScreen from './login-screen';

vi.mock('../../lib/antd-renderer', () => ({ ensureAntdRenderer: () => Promise.resolve() }));

const wechatUa =
  'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 Chrome/126.0 Mobile Safari/537.36 MicroMessenger/8.0.47';

function config(enable: boolean): SystemConfig {
  return {
    enabledFeatures: {},
    accessConfig: { enableWap: true, enableOpenAccess: true },
    headerNavMenuConfig: { logo: '' },
    wechatOfficialConfig: { enable },
    adminConfig: { port: null },
  };
}

async function renderAt(path: string, wechatEnabled: boolean) {
  localStorage.setItem('sys_config', JSON.stringify(config(wechatEnabled)));
  const result = await renderWithProviders(
    <Routes>
      <Route path="/login" element={<LoginRouteScreen />} />
      <Route path="/login/home" element={<LoginHomeRouteScreen />} />
      <Route path="*" element={<LocationProbe />} />
    </Routes>,
    { path },
  );
  result.client.setQueryData(shellKeys.systemConfig(), config(wechatEnabled));
  return result;
}

describe('login and loginHome', () => {
  let userAgent: ReturnType<typeof vi.spyOn>;
  beforeEach(() => {
    localStorage.clear();
    session.clear();
    userAgent = vi.spyOn(navigator, 'userAgent', 'get');
  });
  afterEach(() => userAgent.mockRestore());

  it('inside WeChat with the official-account login on, /login goes to loginHome and offers WeChat', async () => {
    userAgent.mockReturnValue(wechatUa);
    await renderAt('/login', true);
    expect(await screen.findByRole('button', { name: 'Log in with WeChat' })).toBeTruthy();
    const other = screen.getByRole('link', { name: 'Log in with an account or phone' });
    expect(other.getAttribute('href')).toBe('/login?account=1');
  });

  it('keeps the account login when chosen there, with WeChat among the other ways', async () => {
    userAgent.mockReturnValue(wechatUa);
    await renderAt('/login?account=1', true);
    expect(await screen.findByLabelText('Username or phone number')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Log in with WeChat' })).toBeTruthy();
  });

  it('outside WeChat both routes show the account login without WeChat', async () => {
    userAgent.mockReturnValue('Mozilla/5.0 (Linux; Android 14) Chrome/126.0 Mobile Safari/537.36');
    await renderAt('/login/home', true);
    expect(await screen.findByLabelText('Username or phone number')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Log in with WeChat' })).toBeNull();
  });

  it('inside WeChat with the setting off, the account login stays', async () => {
    userAgent.mockReturnValue(wechatUa);
    await renderAt('/login', false);
    expect(await screen.findByLabelText('Username or phone number')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Log in with WeChat' })).toBeNull();
  });

  it('sends a learner already signed in on: to the page remembered, else Me, from either login screen', async () => {
    session.saveUser(learner);
    const first = await renderAt('/login', false);
    expect((await screen.findByTestId('location')).textContent).toBe('/me');
    first.unmount();
    session.saveLastUrl('/courses/react-19');
    await renderAt('/login/home', false);
    expect((await screen.findByTestId('location')).textContent).toBe('/courses/react-19');
  });
});
