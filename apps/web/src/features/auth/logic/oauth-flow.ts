import type { OauthLoginResult } from '@school/contract/oauth';
import { isApiError } from '../../../lib/api-error';

/*
 * The decisions of the WeChat OAuth flow (docs/product.md#wechat: loginRedirect, OAuthBindUser,
 * OAuthBindRegister), kept pure so each branch is tested without a browser.
 */

export type OauthCallback =
  | { kind: 'code'; code: string }
  /** WeChat came back without a code: the learner refused, or the link was opened by hand. */
  | { kind: 'denied' }
  /** A `state` this browser did not send: someone else's link. */
  | { kind: 'stateMismatch' };

/** Reads WeChat's redirect (`?code=…&state=…`); `stateValid` is the round-trip check's verdict. */
export function readOauthCallback(search: URLSearchParams, stateValid: boolean): OauthCallback {
  const code = search.get('code')?.trim();
  if (!code) return { kind: 'denied' };
  if (!stateValid) return { kind: 'stateMismatch' };
  return { kind: 'code', code };
}

export type AfterWechatLogin = { kind: 'signedIn' } | { kind: 'bind' };

/** A WeChat account bound to an account of this school is in; otherwise it must be bound. */
export function afterWechatLogin(result: OauthLoginResult): AfterWechatLogin {
  return result.status === 'LOGGED_IN' ? { kind: 'signedIn' } : { kind: 'bind' };
}

export type BindFailure =
  /** The WeChat identity the server kept is gone (expired, used, never started): start again. */
  | 'restart'
  /** Wrong username/phone or password: back to the password step. */
  | 'credentials'
  /** The phone of the new account belongs to an account already: bind that one instead. */
  | 'phoneBound'
  /** The existing account is bound to another WeChat already (409 conflict). */
  | 'alreadyBound'
  /** Anything else: the notice says it; stay. */
  | 'other';

export function bindFailure(error: unknown): BindFailure {
  if (!isApiError(error)) return 'other';
  switch (error.code) {
    case 'oauthUserNotFound':
      return 'restart';
    case 'badCredential':
      return 'credentials';
    case 'phoneBound':
      return 'phoneBound';
    case 'conflict':
      return 'alreadyBound';
    default:
      return 'other';
  }
}
