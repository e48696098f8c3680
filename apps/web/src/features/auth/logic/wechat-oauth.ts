import { appConfig } from '../../../config/app-config';
import { storageKeys } from '../../../config/storage-keys';
import { storage, type AppStorage } from '../../../lib/storage';
import { getWxSignature } from '../../../lib/wechat-signature';

/** WeChat official-account web authorization (the learner confirms inside WeChat). */
const authorizeEndpoint = 'https://open.weixin.qq.com/connect/oauth2/authorize';

export interface AuthorizeInput {
  appId: string;
  /** Absolute URL WeChat sends the learner back to, with `code` and `state`. */
  redirectUri: string;
  state: string;
  /** `snsapi_base` is silent but gives no profile; userinfo lets the server fill the nickname. */
  scope?: 'snsapi_base' | 'snsapi_userinfo';
}

/** WeChat wants its parameters in this order and the `#wechat_redirect` fragment at the end. */
export function wechatAuthorizeUrl({ appId, redirectUri, state, scope = 'snsapi_userinfo' }: AuthorizeInput): string {
  const query = new URLSearchParams();
  query.append('appid', appId);
  query.append('redirect_uri', redirectUri);
  query.append('response_type', 'code');
  query.append('scope', scope);
  query.append('state', state);
  return `${authorizeEndpoint}?${query.toString()}#wechat_redirect`;
}

function randomState(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * The `state` round trip: a random value remembered before leaving for WeChat and required on
 * the way back, so a link carrying someone else's `code` cannot sign this browser in.
 */
export function createOauthState(store: AppStorage = storage): string {
  const state = randomState();
  store.set(storageKeys.wechatOauthState, state);
  return state;
}

/** True when `state` is the one this browser sent (without using it up). */
export function isOauthStateExpected(state: string | null, store: AppStorage = storage): boolean {
  const expected = store.get<string>(storageKeys.wechatOauthState);
  return expected !== null && state !== null && state === expected;
}

export function forgetOauthState(store: AppStorage = storage): void {
  store.remove(storageKeys.wechatOauthState);
}

/** True when `state` is the one this browser sent; the remembered value is used up either way. */
export function consumeOauthState(state: string | null, store: AppStorage = storage): boolean {
  const expected = isOauthStateExpected(state, store);
  forgetOauthState(store);
  return expected;
}

/**
 * WeChat's authorize page for this browser, coming back to `returnPath` (a path of the app) with
 * the code and a fresh state; null when the school's WeChat has no app id. The app id comes with
 * the JS-SDK signature of this page (the contract has no call of its own for it).
 */
export async function wechatAuthorizeUrlFor(returnPath: string): Promise<string | null> {
  const answer = await getWxSignature(window.location.href.split('#')[0] ?? window.location.href, { silent: false });
  if (!answer?.appId) return null;
  const redirectUri = `${window.location.origin}${appConfig.basePath}${returnPath}`;
  return wechatAuthorizeUrl({ appId: answer.appId, redirectUri, state: createOauthState() });
}
