import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoAccounts } from '../demo-data/demo-accounts.js';
import { passwordGuessLimits } from '../features/auth/auth.service.js';
import { loginCookie } from '../testing/accounts.js';
import { createFakeWebDist, createTestApp, fakeInlineScript, type TestApp } from '../testing/test-app.js';

/*
 * Every answer, page or API, carries the security headers; the policy is the one of decision
 * record 010. Behind https (PUBLIC_URL) HSTS is added; on plain http it is not.
 */

let web: Awaited<ReturnType<typeof createFakeWebDist>>;
let t: TestApp;
beforeAll(async () => {
  web = await createFakeWebDist();
  t = await createTestApp({ webDistDir: web.dir });
});
afterAll(async () => {
  await t.close();
  await web.remove();
});

function directivesOf(header: unknown): Map<string, string> {
  expect(typeof header).toBe('string');
  return new Map(
    String(header)
      .split(';')
      .map((d) => d.trim())
      .filter(Boolean)
      .map((d) => {
        const [name = '', ...values] = d.split(/\s+/);
        return [name, values.join(' ')] as const;
      }),
  );
}

describe('security headers', () => {
  it.each(['/mobile/', '/mobile/courses/abc', web?.assetPath ?? '/mobile/assets/index-3f9a1c.js', '/api/courses'])(
    '%s carries the policy, nosniff, the frame rules and the referrer policy',
    async (url) => {
      const res = await t.app.inject({ url });
      expect(res.statusCode).toBe(200);
      const csp = directivesOf(res.headers['content-security-policy']);
      expect(csp.get('default-src')).toBe("'self'");
      // The page's own inline script, by its hash; no 'unsafe-inline'.
      const pageScript = createHash('sha256').update(fakeInlineScript).digest('base64');
      expect(csp.get('script-src')).toBe(`'self' https://res.wx.qq.com 'sha256-${pageScript}'`);
      expect(csp.get('style-src')).toBe("'self'");
      expect(csp.get('style-src-attr')).toBe("'unsafe-inline'");
      expect(csp.get('frame-ancestors')).toBe("'self'");
      expect(csp.get('object-src')).toBe("'none'");
      expect(csp.get('frame-src')).toBe("'self' https: http:");
      expect(csp.get('media-src')).toBe("'self' blob:");
      expect(csp.has('upgrade-insecure-requests')).toBe(false);
      expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(res.headers['strict-transport-security']).toBeUndefined();
    },
  );

  it('keeps the stricter policy of a served upload', async () => {
    const cookie = await loginCookie(t, demoAccounts.learner);
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
      'base64',
    );
    const boundary = 'x-boundary';
    const body = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      png,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const upload = await t.app.inject({
      method: 'POST',
      url: '/api/files',
      headers: { cookie, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: body,
    });
    expect(upload.statusCode, upload.body).toBe(200);
    const file = await t.app.inject({ url: upload.json().url, headers: { cookie } });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-security-policy']).toBe("default-src 'none'; img-src 'self'; sandbox");
    expect(file.headers['x-content-type-options']).toBe('nosniff');
  });

  it('marks every API answer that chose no caching as no-store, errors and writes included', async () => {
    for (const res of [
      await t.app.inject({ url: '/api/users/current' }),
      await t.app.inject({ url: '/api/courses/no-such-course' }),
      await t.app.inject({ method: 'POST', url: '/api/login', payload: { username: 'x', password: 'y' } }),
      await t.app.inject({ url: '/api/auth/current' }),
    ]) {
      expect(res.headers['cache-control'], res.body).toBe('no-store');
    }
    // Shared catalogue reads keep their revalidation policy.
    expect((await t.app.inject({ url: '/api/system/config' })).headers['cache-control']).toBe('no-cache');
  });

  it('never serves the build manifest or any other dot-file', async () => {
    for (const url of ['/mobile/.vite/manifest.json', '/mobile/%2evite/manifest.json', '/mobile/.env']) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toMatchObject({ code: 'notFound' });
      expect(res.body).not.toContain('main.tsx');
    }
  });
});

describe('behind https (PUBLIC_URL is https)', () => {
  let secure: TestApp;
  beforeAll(async () => {
    secure = await createTestApp({ publicUrl: 'https://school.example', secureCookies: true });
  });
  afterAll(async () => {
    await secure.close();
  });

  it('adds HSTS and upgrades insecure requests', async () => {
    const res = await secure.app.inject({ url: '/api/health' });
    expect(res.headers['strict-transport-security']).toBe('max-age=31536000');
    expect(directivesOf(res.headers['content-security-policy']).has('upgrade-insecure-requests')).toBe(true);
  });

  it('takes the site to be https even when TLS ended at a proxy, and refuses an http page', async () => {
    const post = (origin: string) =>
      secure.app.inject({
        method: 'POST',
        url: '/api/login',
        headers: { host: 'localhost:8080', origin },
        payload: { username: 'learner', password: 'learner123' },
      });
    expect((await post('http://localhost:8080')).statusCode).toBe(403);
    expect((await post('https://localhost:8080')).statusCode).toBe(200);
  });

  it('names the session cookie __Host-sid: Secure, on /, no Domain, and the only one read back', async () => {
    const res = await secure.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: 'learner', password: 'learner123' },
    });
    expect(res.statusCode).toBe(200);
    const cookie = res.cookies.find((c) => c.name === '__Host-sid');
    expect(cookie).toMatchObject({ secure: true, path: '/', httpOnly: true, sameSite: 'Lax' });
    expect(cookie?.domain).toBeUndefined();
    expect(res.cookies.find((c) => c.name === 'sid')).toBeUndefined();
    const current = await secure.app.inject({
      url: '/api/users/current',
      headers: { cookie: `__Host-sid=${cookie?.value}` },
    });
    expect(current.json().username).toBe('learner');
    // The unprefixed name is not ours behind https: a planted `sid` opens nothing.
    const planted = await secure.app.inject({ url: '/api/users/current', headers: { cookie: `sid=${cookie?.value}` } });
    expect(planted.statusCode).toBe(401);
  });

  it('names the device cookie __Host-device: Secure, HttpOnly, SameSite=Lax, on /, no Domain, for a year', async () => {
    const res = await secure.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: 'learner', password: 'learner123' },
    });
    expect(res.statusCode).toBe(200);
    const cookie = res.cookies.find((c) => c.name === '__Host-device');
    expect(cookie).toMatchObject({ secure: true, path: '/', httpOnly: true, sameSite: 'Lax', maxAge: 365 * 24 * 3600 });
    expect(cookie?.domain).toBeUndefined();
    expect(res.cookies.find((c) => c.name === 'device')).toBeUndefined();
    // Read back under that name only: from an address locked by failed logins, the learner's
    // browser gets in; the same value under the unprefixed name (planted over http) does not.
    const ip = '10.99.0.1';
    const attempt = (cookieHeader: string) =>
      secure.app.inject({
        method: 'POST',
        url: '/api/login',
        remoteAddress: ip,
        headers: { cookie: cookieHeader },
        payload: { username: 'learner', password: 'learner123' },
      });
    for (let i = 0; i < passwordGuessLimits.perAddress.limit; i++) {
      const failed = await secure.app.inject({
        method: 'POST',
        url: '/api/login',
        remoteAddress: ip,
        payload: { username: `guess${i}`, password: 'Password1' },
      });
      expect(failed.statusCode).toBe(400);
    }
    expect((await attempt(`device=${cookie?.value}`)).statusCode).toBe(429);
    expect((await attempt(`__Host-device=${cookie?.value}`)).statusCode).toBe(200);
  });
});
