import type { WechatConfig } from '../../config/env.js';
import type { Clock } from '../clock.js';

/*
 * The WeChat official-account API as this server uses it:
 * - OAuth (web page authorization): a `code` → the visitor's openid (sns/oauth2/access_token).
 * - JS-SDK: the jsapi_ticket that signs `wx.config`, fetched with an access token. Both are
 *   cached for their lifetime (`expires_in`, renewed a little early) on the clock provider's
 *   time, so a busy school makes two calls per two hours, not two per page view. The access
 *   token comes from cgi-bin/stable_token in normal mode, which hands every server process
 *   the same token instead of each refresh cancelling the others'.
 */

export interface WechatIdentity {
  openid: string;
  unionid: string | null;
}

export interface WechatClient {
  readonly appId: string;
  exchangeOAuthCode(code: string): Promise<WechatIdentity>;
  jsapiTicket(): Promise<string>;
  /** Sends a template message to a follower of the official account (cgi-bin/message/template/send). */
  sendTemplateMessage(message: WechatTemplateMessage): Promise<void>;
}

export interface WechatTemplateMessage {
  openid: string;
  templateId: string;
  /** The page the message opens, absolute. */
  url: string | null;
  /** The template's fields (`first`, `keyword1`…) and their texts. */
  data: Record<string, string>;
}

/** `refused`: WeChat answered with an errcode (bad code, bad secret…); `unreachable`: no usable answer. */
export class WechatApiError extends Error {
  constructor(
    message: string,
    readonly kind: 'refused' | 'unreachable',
    readonly errcode: number | null = null,
  ) {
    super(message);
    this.name = 'WechatApiError';
  }
}

// errcodes meaning "this access token is no good" (invalid, not the latest, expired).
const staleTokenErrcodes = new Set([40001, 40014, 42001]);

/** Renew this long before WeChat's expiry (or at 90% of a short lifetime). */
const renewEarlyMs = 5 * 60_000;

interface Cached {
  value: string;
  renewAt: number;
}

export function createWechatClient(config: WechatConfig, clock: Clock): WechatClient {
  let accessToken: Cached | null = null;
  let ticket: Cached | null = null;
  // Concurrent page views share one in-flight fetch.
  let ticketInFlight: Promise<string> | null = null;

  async function call(url: string, init: RequestInit = {}): Promise<Record<string, unknown>> {
    let response: Response;
    try {
      response = await fetch(url, { ...init, signal: AbortSignal.timeout(10_000) });
    } catch (error) {
      throw new WechatApiError(`WeChat API unreachable: ${String(error)}`, 'unreachable');
    }
    const body = (await response.json().catch(() => null)) as Record<string, unknown> | null;
    if (!response.ok || body === null || typeof body !== 'object') {
      throw new WechatApiError(`WeChat API answered HTTP ${response.status}`, 'unreachable');
    }
    if (typeof body.errcode === 'number' && body.errcode !== 0) {
      throw new WechatApiError(`WeChat API errcode ${body.errcode}: ${String(body.errmsg)}`, 'refused', body.errcode);
    }
    return body;
  }

  function cacheFor(value: unknown, expiresIn: unknown): Cached {
    if (typeof value !== 'string' || value === '')
      throw new WechatApiError('WeChat API answered no value', 'unreachable');
    const lifetimeMs = (typeof expiresIn === 'number' && expiresIn > 0 ? expiresIn : 7200) * 1000;
    const early = Math.min(renewEarlyMs, lifetimeMs / 10);
    return { value, renewAt: clock.now().getTime() + lifetimeMs - early };
  }

  const fresh = (cached: Cached | null): cached is Cached => cached !== null && clock.now().getTime() < cached.renewAt;

  async function getAccessToken(): Promise<string> {
    if (fresh(accessToken)) return accessToken.value;
    const body = await call(`${config.apiBase}/cgi-bin/stable_token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        grant_type: 'client_credential',
        appid: config.appId,
        secret: config.appSecret,
        force_refresh: false,
      }),
    });
    accessToken = cacheFor(body.access_token, body.expires_in);
    return accessToken.value;
  }

  async function fetchTicket(retryOnStaleToken: boolean): Promise<string> {
    const token = await getAccessToken();
    try {
      const body = await call(
        `${config.apiBase}/cgi-bin/ticket/getticket?access_token=${encodeURIComponent(token)}&type=jsapi`,
      );
      ticket = cacheFor(body.ticket, body.expires_in);
      return ticket.value;
    } catch (error) {
      if (retryOnStaleToken && error instanceof WechatApiError && staleTokenErrcodes.has(error.errcode ?? 0)) {
        accessToken = null;
        return fetchTicket(false);
      }
      throw error;
    }
  }

  /** A call with the access token, taken again once when WeChat says the token is no longer good. */
  async function withToken<T>(use: (token: string) => Promise<T>, retryOnStaleToken = true): Promise<T> {
    const token = await getAccessToken();
    try {
      return await use(token);
    } catch (error) {
      if (retryOnStaleToken && error instanceof WechatApiError && staleTokenErrcodes.has(error.errcode ?? 0)) {
        accessToken = null;
        return withToken(use, false);
      }
      throw error;
    }
  }

  return {
    appId: config.appId,

    async sendTemplateMessage(message) {
      const body = JSON.stringify({
        touser: message.openid,
        template_id: message.templateId,
        ...(message.url === null ? {} : { url: message.url }),
        data: Object.fromEntries(Object.entries(message.data).map(([key, value]) => [key, { value }])),
      });
      await withToken((token) =>
        call(`${config.apiBase}/cgi-bin/message/template/send?access_token=${encodeURIComponent(token)}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body,
        }),
      );
    },

    async exchangeOAuthCode(code) {
      const query = new URLSearchParams({
        appid: config.appId,
        secret: config.appSecret,
        code,
        grant_type: 'authorization_code',
      });
      const body = await call(`${config.apiBase}/sns/oauth2/access_token?${query.toString()}`);
      if (typeof body.openid !== 'string' || body.openid === '') {
        throw new WechatApiError('WeChat OAuth answered no openid', 'unreachable');
      }
      return { openid: body.openid, unionid: typeof body.unionid === 'string' && body.unionid ? body.unionid : null };
    },

    async jsapiTicket() {
      if (fresh(ticket)) return ticket.value;
      ticketInFlight ??= fetchTicket(true).finally(() => {
        ticketInFlight = null;
      });
      return ticketInFlight;
    },
  };
}
