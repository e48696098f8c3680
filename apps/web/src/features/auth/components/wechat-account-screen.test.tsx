import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { session } from '../../../lib/session';
import { callsOf, jsonResponse, routedFetch } from '../../../testing/fetch-mock';
import { learner } from '../../../testing/fixtures';
import { renderWithProviders } from '../../../testing/render-with-providers';
import { createOauthState } from '../logic/wechat-oauth';
import { WechatAccountView } from './wechat-account-screen';

const toastShow = vi.hoisted(() => vi.fn());
vi.mock('antd-mobile/es/components/toast', () => ({ default: { show: toastShow } }));
vi.mock('../../../lib/antd-renderer', () => ({ ensureAntdRenderer: () => Promise.resolve() }));

describe('the WeChat row of Account and security', () => {
  let fetchMock: ReturnType<typeof routedFetch>;
  beforeEach(() => {
    localStorage.clear();
    session.saveUser({ ...learner, wechatBound: false });
    toastShow.mockReset();
    fetchMock = routedFetch(
      (url) =>
        url.pathname === '/api/users/wx/signature'
          ? jsonResponse(200, { appId: 'wx123', timestamp: 1, nonceStr: 'n', signature: 's' })
          : undefined,
      (url, init) =>
        url.pathname === '/api/users/bind/wechat' && init?.method === 'POST'
          ? jsonResponse(200, { ...learner, wechatBound: true })
          : undefined,
    );
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('outside WeChat says where binding works, and offers no button', async () => {
    await renderWithProviders(<WechatAccountView canBind={false} />);
    expect(screen.getByText('No WeChat account is bound yet.')).toBeTruthy();
    expect(screen.getByText('Open this page in WeChat to bind your WeChat account.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Bind WeChat' })).toBeNull();
  });

  it('leaves for WeChat’s authorize page, coming back to this screen', async () => {
    const redirect = vi.fn();
    await renderWithProviders(<WechatAccountView canBind redirect={redirect} />);
    fireEvent.click(screen.getByRole('button', { name: 'Bind WeChat' }));
    await waitFor(() => expect(redirect).toHaveBeenCalled());
    const target = new URL(redirect.mock.calls[0]![0] as string);
    expect(target.searchParams.get('redirect_uri')).toBe(`${window.location.origin}/mobile/me/account/wechat`);
  });

  it('binds the WeChat of the code WeChat sent back, once the state is this browser’s', async () => {
    const state = createOauthState();
    await renderWithProviders(<WechatAccountView canBind />, { path: `/?code=c0de&state=${state}` });
    expect(await screen.findByText('Your account is bound to a WeChat account.')).toBeTruthy();
    expect(callsOf(fetchMock)).toEqual(['POST /api/users/bind/wechat']);
    expect(session.user()?.wechatBound).toBe(true);
  });

  it('refuses a code that comes back with someone else’s state', async () => {
    createOauthState();
    await renderWithProviders(<WechatAccountView canBind />, { path: '/?code=c0de&state=forged' });
    expect(await screen.findByRole('alert')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
    expect(session.user()?.wechatBound).toBe(false);
  });
});
