import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { session } from '../../../lib/session';
import { consumeOauthState } from '../logic/wechat-oauth';
import { callsOf, jsonResponse, routedFetch } from '../../../testing/fetch-mock';
import { renderWithProviders } from '../../../testing/render-with-providers';
import { WechatLoginButton } from './wechat-login-button';

const toastShow = vi.hoisted(() => vi.fn());
vi.mock('antd-mobile/es/components/toast', () => ({ default: { show: toastShow } }));
vi.mock('../../../lib/antd-renderer', () => ({ ensureAntdRenderer: () => Promise.resolve() }));

describe('WechatLoginButton', () => {
  beforeEach(() => {
    localStorage.clear();
    session.clear();
    toastShow.mockReset();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('needs the agreement first', async () => {
    const fetchMock = routedFetch();
    vi.stubGlobal('fetch', fetchMock);
    const onConsentMissing = vi.fn();
    const redirect = vi.fn();
    await renderWithProviders(<WechatLoginButton guard={{ agreed: false, onConsentMissing }} redirect={redirect} />);
    fireEvent.click(screen.getByRole('button', { name: 'Log in with WeChat' }));
    expect(onConsentMissing).toHaveBeenCalled();
    expect(fetchMock).not.toHaveBeenCalled();
    expect(redirect).not.toHaveBeenCalled();
  });

  it('leaves for WeChat’s authorize page with the app id, our redirect page and a fresh state', async () => {
    const fetchMock = routedFetch((url) =>
      url.pathname === '/api/users/wx/signature'
        ? jsonResponse(200, { appId: 'wx123', timestamp: 1, nonceStr: 'n', signature: 's' })
        : undefined,
    );
    vi.stubGlobal('fetch', fetchMock);
    const redirect = vi.fn();
    await renderWithProviders(
      <WechatLoginButton guard={{ agreed: true, onConsentMissing: () => {} }} returnTo="/me" redirect={redirect} />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Log in with WeChat' }));
    await waitFor(() => expect(redirect).toHaveBeenCalled());
    const target = new URL(redirect.mock.calls[0]![0] as string);
    expect(`${target.origin}${target.pathname}`).toBe('https://open.weixin.qq.com/connect/oauth2/authorize');
    expect(target.searchParams.get('appid')).toBe('wx123');
    expect(target.searchParams.get('redirect_uri')).toBe(`${window.location.origin}/mobile/login/redirect`);
    expect(target.hash).toBe('#wechat_redirect');
    expect(consumeOauthState(target.searchParams.get('state'))).toBe(true);
    expect(session.lastUrl()).toBe('/me');
    expect(callsOf(fetchMock)[0]).toMatch(/^GET \/api\/users\/wx\/signature\?url=http/);
  });

  it('says WeChat login is unavailable when the answer has no app id', async () => {
    vi.stubGlobal(
      'fetch',
      routedFetch(() => jsonResponse(200, {})),
    );
    const redirect = vi.fn();
    await renderWithProviders(
      <WechatLoginButton guard={{ agreed: true, onConsentMissing: () => {} }} redirect={redirect} />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Log in with WeChat' }));
    await waitFor(() =>
      expect(toastShow).toHaveBeenCalledWith(
        expect.objectContaining({ content: 'WeChat login is not available right now' }),
      ),
    );
    expect(redirect).not.toHaveBeenCalled();
  });
});
