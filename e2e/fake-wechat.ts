import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { createServer, type Server } from 'node:http';

/*
 * A fake WeChat official-account API on 127.0.0.1 for the browser journeys (the server's unit
 * tests have their own in apps/server/src/testing/fake-wechat.ts). It answers the three calls
 * the server makes: the OAuth code exchange, the stable access token and the jsapi ticket.
 * Every OAuth code is accepted, and any number of times: the openid is derived from the code,
 * so the same code is always the same WeChat user and two codes are two users.
 */

export const fakeWechatAppId = 'wxe2e0123456789ab';
export const fakeWechatAppSecret = 'e2e-fake-app-secret';

/** The WeChat user (openid) a fake OAuth code stands for. */
export function openidOf(code: string): string {
  return `o_e2e_${createHash('sha256').update(code).digest('hex').slice(0, 20)}`;
}

/** A free TCP port on 127.0.0.1, found synchronously (the config is loaded synchronously). */
function freePort(): number {
  const script =
    "const s=require('node:net').createServer();s.listen(0,'127.0.0.1',()=>{process.stdout.write(String(s.address().port));s.close();});";
  return Number(execFileSync(process.execPath, ['-e', script], { encoding: 'utf8' }));
}

function json(body: unknown): string {
  return JSON.stringify(body);
}

/** Starts the fake on a free port and answers its base URL (the server's WECHAT_API_BASE). */
export function startFakeWechat(): { url: string; server: Server } {
  const port = freePort();
  const accessToken = 'E2E_ACCESS_TOKEN';
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const url = new URL(request.url ?? '/', 'http://127.0.0.1');
      const q = url.searchParams;
      let body: unknown;
      switch (url.pathname) {
        case '/sns/oauth2/access_token': {
          const code = q.get('code') ?? '';
          if (q.get('appid') !== fakeWechatAppId || q.get('secret') !== fakeWechatAppSecret) {
            body = { errcode: 40125, errmsg: 'invalid appsecret' };
          } else if (!code) {
            body = { errcode: 40029, errmsg: 'invalid code' };
          } else {
            body = {
              access_token: 'E2E_WEB_ACCESS_TOKEN',
              expires_in: 7200,
              refresh_token: 'E2E_WEB_REFRESH_TOKEN',
              openid: openidOf(code),
              scope: 'snsapi_userinfo',
            };
          }
          break;
        }
        case '/cgi-bin/stable_token':
        case '/cgi-bin/token':
          body = { access_token: accessToken, expires_in: 7200 };
          break;
        case '/cgi-bin/ticket/getticket':
          body =
            q.get('access_token') === accessToken
              ? { errcode: 0, errmsg: 'ok', ticket: 'E2E_JSAPI_TICKET', expires_in: 7200 }
              : { errcode: 40001, errmsg: 'invalid credential' };
          break;
        default:
          response
            .writeHead(404, { 'content-type': 'application/json' })
            .end(json({ errcode: 404, errmsg: 'not found' }));
          return;
      }
      response.writeHead(200, { 'content-type': 'application/json' }).end(json(body));
    });
  });
  server.listen(port, '127.0.0.1');
  // The runner must not wait for it: it goes when the runner exits.
  server.unref();
  return { url: `http://127.0.0.1:${port}`, server };
}
