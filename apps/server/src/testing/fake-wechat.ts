import { startFakeRemote, type FakeRemote } from './fake-remote.js';

/*
 * A fake WeChat official-account API: OAuth code exchange, the stable access token and the
 * jsapi_ticket, answering like the real one (errcode/errmsg on failures). It counts calls so
 * tests can prove caching, and can be told to expire tokens.
 */

export interface FakeWechat extends FakeRemote {
  appId: string;
  appSecret: string;
  /** OAuth codes the fake knows, each giving an openid (and maybe a unionid); single use. */
  codes: Map<string, { openid: string; unionid?: string }>;
  counts: { oauth: number; token: number; ticket: number };
  /** Template messages it took (cgi-bin/message/template/send), as sent. */
  templateMessages: { touser: string; template_id: string; url?: string; data: Record<string, { value: string }> }[];
  /** Openids that do not follow the official account: a template message to them is refused (43004). */
  unfollowed: Set<string>;
  /** Makes the current access token invalid (as if WeChat had renewed it). */
  invalidateToken(): void;
  /** Lifetime the fake announces in expires_in, in seconds. */
  expiresIn: number;
  /** The ticket's own lifetime when set (else `expiresIn`). */
  ticketExpiresIn: number | null;
  /** Answers every call with HTTP 503 while true. */
  down: boolean;
}

export async function startFakeWechat(options: { appId?: string; appSecret?: string } = {}): Promise<FakeWechat> {
  let tokenSerial = 0;
  let currentToken: string | null = null;
  // The handler reads this object, so tests change the fake's behaviour through it.
  const fake = {
    appId: options.appId ?? 'wx0123456789abcdef',
    appSecret: options.appSecret ?? 'fake-app-secret',
    codes: new Map<string, { openid: string; unionid?: string }>(),
    counts: { oauth: 0, token: 0, ticket: 0 },
    templateMessages: [] as FakeWechat['templateMessages'],
    unfollowed: new Set<string>(),
    expiresIn: 7200,
    ticketExpiresIn: null as number | null,
    down: false,
    invalidateToken() {
      currentToken = null;
    },
  };
  const remote = await startFakeRemote((request) => {
    if (fake.down) return { status: 503, json: { errcode: -1, errmsg: 'system error' } };
    const q = request.url.searchParams;
    switch (request.url.pathname) {
      case '/sns/oauth2/access_token': {
        fake.counts.oauth += 1;
        if (q.get('appid') !== fake.appId || q.get('secret') !== fake.appSecret) {
          return { json: { errcode: 40125, errmsg: 'invalid appsecret' } };
        }
        if (q.get('grant_type') !== 'authorization_code')
          return { json: { errcode: 40002, errmsg: 'invalid grant_type' } };
        const code = q.get('code') ?? '';
        const identity = fake.codes.get(code);
        if (!identity) return { json: { errcode: 40029, errmsg: 'invalid code' } };
        fake.codes.delete(code);
        return {
          json: {
            access_token: 'web-access-token',
            expires_in: 7200,
            refresh_token: 'web-refresh-token',
            openid: identity.openid,
            scope: 'snsapi_base',
            ...(identity.unionid ? { unionid: identity.unionid } : {}),
          },
        };
      }
      case '/cgi-bin/stable_token': {
        fake.counts.token += 1;
        if (request.method !== 'POST') return { json: { errcode: 43002, errmsg: 'require POST method' } };
        const body = JSON.parse(request.body || '{}') as Record<string, unknown>;
        if (body.appid !== fake.appId || body.secret !== fake.appSecret || body.grant_type !== 'client_credential') {
          return { json: { errcode: 40013, errmsg: 'invalid appid' } };
        }
        currentToken ??= `ACCESS_TOKEN_${++tokenSerial}`;
        return { json: { access_token: currentToken, expires_in: fake.expiresIn } };
      }
      case '/cgi-bin/ticket/getticket': {
        fake.counts.ticket += 1;
        if (q.get('type') !== 'jsapi') return { json: { errcode: 40097, errmsg: 'invalid args' } };
        if (currentToken === null || q.get('access_token') !== currentToken) {
          return { json: { errcode: 40001, errmsg: 'invalid credential, access_token is invalid or not latest' } };
        }
        return {
          json: {
            errcode: 0,
            errmsg: 'ok',
            ticket: `JSAPI_TICKET_${fake.counts.ticket}`,
            expires_in: fake.ticketExpiresIn ?? fake.expiresIn,
          },
        };
      }
      case '/cgi-bin/message/template/send': {
        if (request.method !== 'POST') return { json: { errcode: 43002, errmsg: 'require POST method' } };
        if (currentToken === null || q.get('access_token') !== currentToken) {
          return { json: { errcode: 40001, errmsg: 'invalid credential, access_token is invalid or not latest' } };
        }
        const message = JSON.parse(request.body || '{}') as FakeWechat['templateMessages'][number];
        if (typeof message.touser !== 'string' || typeof message.template_id !== 'string') {
          return { json: { errcode: 40003, errmsg: 'invalid openid' } };
        }
        if (fake.unfollowed.has(message.touser)) return { json: { errcode: 43004, errmsg: 'require subscribe' } };
        fake.templateMessages.push(message);
        return { json: { errcode: 0, errmsg: 'ok', msgid: fake.templateMessages.length } };
      }
      default:
        return { status: 404, json: { errcode: 404, errmsg: 'not found' } };
    }
  });
  return Object.assign(fake, { url: remote.url, requests: remote.requests, close: remote.close });
}
