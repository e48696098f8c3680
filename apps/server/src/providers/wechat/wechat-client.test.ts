import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { WechatConfig } from '../../config/env.js';
import { startFakeWechat, type FakeWechat } from '../../testing/fake-wechat.js';
import { ManualClock } from '../../testing/manual-clock.js';
import { createWechatClient, WechatApiError } from './wechat-client.js';

let fake: FakeWechat;
let config: WechatConfig;
beforeAll(async () => {
  fake = await startFakeWechat();
  config = { appId: fake.appId, appSecret: fake.appSecret, apiBase: fake.url };
});
afterAll(async () => {
  await fake.close();
});
beforeEach(() => {
  fake.counts.oauth = 0;
  fake.counts.token = 0;
  fake.counts.ticket = 0;
  fake.expiresIn = 7200;
  fake.ticketExpiresIn = null;
  fake.down = false;
  fake.invalidateToken();
});

const second = 1000;

describe('OAuth code exchange (sns/oauth2/access_token)', () => {
  it('answers the openid and unionid of a code', async () => {
    fake.codes.set('code-1', { openid: 'o-openid-1', unionid: 'u-union-1' });
    fake.codes.set('code-2', { openid: 'o-openid-2' });
    const client = createWechatClient(config, new ManualClock());
    expect(await client.exchangeOAuthCode('code-1')).toEqual({ openid: 'o-openid-1', unionid: 'u-union-1' });
    expect(await client.exchangeOAuthCode('code-2')).toEqual({ openid: 'o-openid-2', unionid: null });
    const request = fake.requests.at(-1)!;
    expect(Object.fromEntries(request.url.searchParams)).toEqual({
      appid: fake.appId,
      secret: fake.appSecret,
      code: 'code-2',
      grant_type: 'authorization_code',
    });
  });

  it('is refused for an unknown or used code, unreachable when WeChat is down', async () => {
    fake.codes.set('once', { openid: 'o-once' });
    const client = createWechatClient(config, new ManualClock());
    await client.exchangeOAuthCode('once');
    const used = await client.exchangeOAuthCode('once').catch((e: unknown) => e);
    expect(used).toBeInstanceOf(WechatApiError);
    expect(used).toMatchObject({ kind: 'refused', errcode: 40029 });
    fake.down = true;
    expect(await client.exchangeOAuthCode('x').catch((e: unknown) => e)).toMatchObject({ kind: 'unreachable' });
  });
});

describe('jsapi_ticket', () => {
  it('is fetched once and cached for its lifetime: one token and one ticket call for many pages', async () => {
    const clock = new ManualClock();
    const client = createWechatClient(config, clock);
    const first = await client.jsapiTicket();
    for (let i = 0; i < 5; i++) expect(await client.jsapiTicket()).toBe(first);
    expect(fake.counts).toMatchObject({ token: 1, ticket: 1 });
    // Still cached until 5 minutes before the 7200 s expiry…
    clock.advance((7200 - 300) * second - 1);
    expect(await client.jsapiTicket()).toBe(first);
    expect(fake.counts.ticket).toBe(1);
    // …then renewed, with the access token (which has the same lifetime).
    clock.advance(1);
    const renewed = await client.jsapiTicket();
    expect(renewed).not.toBe(first);
    expect(fake.counts).toMatchObject({ token: 2, ticket: 2 });
  });

  it('shares one fetch between concurrent page views', async () => {
    const client = createWechatClient(config, new ManualClock());
    const tickets = await Promise.all(Array.from({ length: 8 }, () => client.jsapiTicket()));
    expect(new Set(tickets).size).toBe(1);
    expect(fake.counts).toMatchObject({ token: 1, ticket: 1 });
  });

  it('renews early in proportion for a short lifetime', async () => {
    fake.expiresIn = 600;
    const clock = new ManualClock();
    const client = createWechatClient(config, clock);
    await client.jsapiTicket();
    clock.advance(539 * second);
    await client.jsapiTicket();
    expect(fake.counts.ticket).toBe(1);
    clock.advance(1 * second);
    await client.jsapiTicket();
    expect(fake.counts.ticket).toBe(2);
  });

  it('fetches a new access token once when WeChat says the cached one is no longer valid', async () => {
    // A short-lived ticket expires while the cached access token still looks fresh…
    fake.ticketExpiresIn = 600;
    const clock = new ManualClock();
    const client = createWechatClient(config, clock);
    await client.jsapiTicket();
    // …and meanwhile WeChat stopped accepting that token.
    fake.invalidateToken();
    clock.advance(600 * second);
    expect(await client.jsapiTicket()).toMatch(/^JSAPI_TICKET_/);
    // ticket (refused: stale token) → token → ticket
    expect(fake.counts).toMatchObject({ token: 2, ticket: 3 });
  });

  it('fails as unreachable when WeChat is down, and recovers afterwards', async () => {
    const client = createWechatClient(config, new ManualClock());
    fake.down = true;
    expect(await client.jsapiTicket().catch((e: unknown) => e)).toMatchObject({ kind: 'unreachable' });
    fake.down = false;
    expect(await client.jsapiTicket()).toMatch(/^JSAPI_TICKET_/);
  });
});
