import { cn } from '@school/contract/messages/cn';
import { en } from '@school/contract/messages/en';
import { limits } from '@school/contract/validation';
import { describe, expect, it, vi } from 'vitest';
import { accountMessages } from '../app/messages/registry/screen-messages';
import { createApiClient, type ApiClientDeps } from './api-client';
import { ApiError, errorMessageId } from './api-error';

// The waits' texts are the account bundle's, loaded as its screens load them.
const accountEn = await accountMessages('en');
const accountCn = await accountMessages('cn');

type FakeFetch = (url: string, init: RequestInit) => Promise<Response>;

function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

/** A translation like the app's: the language's text with its `{{name}}` values put in. */
function translation(messages: Record<string, string>): ApiClientDeps['translate'] {
  return (id, values) =>
    messages[id]?.replace(/\{\{(\w+)\}\}/g, (whole, name: string) => String(values?.[name] ?? whole));
}

function setup(fetchImpl: FakeFetch, overrides: Partial<ApiClientDeps> = {}) {
  const scheduled: Array<{ run: () => void; ms: number }> = [];
  const deps = {
    fetch: vi.fn(fetchImpl) as unknown as typeof fetch,
    languageTag: () => 'zh-CN',
    session: { user: () => null, refresh: vi.fn(), clear: vi.fn(), saveLastUrl: vi.fn() },
    translate: translation(en),
    notify: vi.fn(),
    navigate: vi.fn(),
    currentPath: () => '/orders/confirm?uid=c1',
    schedule: (run: () => void, ms: number) => void scheduled.push({ run, ms }),
    ...overrides,
  } satisfies ApiClientDeps;
  return { client: createApiClient(deps), deps, scheduled };
}

describe('errorMessageId', () => {
  const known = (id: string) => id in en;
  it('prefers the code, then the status, then the default', () => {
    expect(errorMessageId({ code: 'badCredential', status: 400 }, known)).toBe('error.badCredential');
    expect(errorMessageId({ code: null, status: 404 }, known)).toBe('status.404');
    expect(errorMessageId({ code: null, status: 418 }, known)).toBe('status.default');
    expect(errorMessageId({ code: null, status: 0 }, known)).toBe('status.default');
  });
  it('falls back to the status when the code has no text', () => {
    expect(errorMessageId({ code: 'ipBlocked', status: 403 }, (id) => id !== 'error.ipBlocked' && known(id))).toBe(
      'status.403',
    );
  });
});

describe('api client', () => {
  it('names the signed-in learner to the offline worker', async () => {
    const signedIn = { user: () => ({ id: 42 }) as never, refresh: vi.fn(), clear: vi.fn(), saveLastUrl: vi.fn() };
    const { client, deps } = setup(async () => jsonResponse(200, {}), { session: signedIn });
    await client.get('/api/me');
    const [, init] = (deps.fetch as unknown as ReturnType<typeof vi.fn>).mock.calls[0] as [string, RequestInit];
    expect((init.headers as Record<string, string>)['X-Learner']).toBe('42');
  });

  it('sends cookies, the active language and whom it asks for, after the session-refresh step', async () => {
    const { client, deps } = setup(async () => jsonResponse(200, { ok: true }));
    await expect(client.get('/api/tenants/current', { query: { a: 1, b: undefined } })).resolves.toEqual({ ok: true });
    const [url, init] = (deps.fetch as unknown as ReturnType<typeof vi.fn>).mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/tenants/current?a=1');
    expect(init.credentials).toBe('include');
    expect(init.headers).toEqual({ 'Accept-Language': 'zh-CN', 'X-Learner': '' });
    expect(init.signal).toBeUndefined();
    expect(deps.session.refresh).toHaveBeenCalledTimes(1);
  });

  it('asks for a request that outlives the page only when told', async () => {
    const { client, deps } = setup(async () => jsonResponse(200, {}));
    await client.put('/api/lessons/1/progress', { json: { position: 3 }, keepalive: true });
    await client.put('/api/lessons/1/progress', { json: { position: 4 } });
    const calls = (deps.fetch as unknown as ReturnType<typeof vi.fn>).mock.calls as [string, RequestInit][];
    expect(calls.map(([, init]) => init.keepalive)).toEqual([true, undefined]);
  });

  it('posts form-urlencoded bodies', async () => {
    const { client, deps } = setup(async () => jsonResponse(200, { user: {} }));
    await client.post('/api/login', { form: { username: 'learner', password: 'pw 1', rememberMe: true } });
    const init = (deps.fetch as unknown as ReturnType<typeof vi.fn>).mock.calls[0]![1] as RequestInit;
    expect(String(init.body)).toBe('username=learner&password=pw+1&rememberMe=true');
    expect(init.headers).toMatchObject({ 'Content-Type': 'application/x-www-form-urlencoded' });
  });

  it('puts JSON and posts multipart bodies, leaving the boundary to the browser', async () => {
    const { client, deps } = setup(async () => jsonResponse(200, {}));
    await client.put('/api/users/1/username', { json: { username: 'x' } });
    const body = new FormData();
    body.append('file', new Blob(['x'], { type: 'image/webp' }), 'avatar.webp');
    await client.post('/api/users/avatar', { multipart: body });
    const calls = (deps.fetch as unknown as ReturnType<typeof vi.fn>).mock.calls as [string, RequestInit][];
    expect(calls[0]![1].method).toBe('PUT');
    expect(calls[0]![1].body).toBe('{"username":"x"}');
    expect(calls[1]![1].body).toBe(body);
    expect(calls[1]![1].headers).not.toHaveProperty('Content-Type');
  });

  it('shows the notice of a failure a silent caller hands back', async () => {
    const { client, deps } = setup(async () => jsonResponse(400, { code: 'smsCodeWrong', message: 'x' }));
    const error = await client.post('/api/login/sms', { silent: true }).catch((e: unknown) => e);
    expect(deps.notify).not.toHaveBeenCalled();
    client.notifyError(error);
    expect(deps.notify).toHaveBeenCalledWith(en['error.smsCodeWrong']);
    client.notifyError(new Error('not an API error'));
    expect(deps.notify).toHaveBeenLastCalledWith(en['status.default']);
  });

  it('shows the text of a known code and rejects with a typed error', async () => {
    const { client, deps } = setup(async () =>
      jsonResponse(400, { code: 'validationFailed', message: 'x', field: 'username', rule: 'rule.login.idRequired' }),
    );
    const error = await client.post('/api/login').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      code: 'validationFailed',
      status: 400,
      field: 'username',
      rule: 'rule.login.idRequired',
    });
    expect(deps.notify).toHaveBeenCalledWith(en['error.validationFailed']);
  });

  it('uses the status text for an unknown code, and the default for an unknown status', async () => {
    // A code the catalogue lacks (a newer server's) is kept, but has no text of ours.
    const first = setup(async () => jsonResponse(409, { code: 'somethingNew', message: 'x' }));
    await expect(first.client.get('/api/x')).rejects.toMatchObject({ code: 'somethingNew', status: 409 });
    expect(first.deps.notify).toHaveBeenCalledWith(en['status.409']);

    const second = setup(async () => new Response('<html>teapot</html>', { status: 418 }));
    await expect(second.client.get('/api/x')).rejects.toMatchObject({ status: 418 });
    expect(second.deps.notify).toHaveBeenCalledWith(en['status.default']);
  });

  it('tells how long to wait when a 429 says (Retry-After): seconds, and whole minutes from 120 s', async () => {
    const refusedFor = (retryAfter: string | null) => async () =>
      new Response(JSON.stringify({ code: 'tooManyRequests', message: 'x' }), {
        status: 429,
        headers: { 'content-type': 'application/json', ...(retryAfter === null ? {} : { 'retry-after': retryAfter }) },
      });
    // The wait's texts travel with the account screens, where the limits are met.
    const noticeFor = async (retryAfter: string | null, url = '/api/login') => {
      const { client, deps } = setup(refusedFor(retryAfter), { translate: translation({ ...en, ...accountEn }) });
      const error = await client.post(url).catch((e: unknown) => e);
      expect(error).toMatchObject({ code: 'tooManyRequests', status: 429 });
      return (deps.notify as ReturnType<typeof vi.fn>).mock.calls[0]![0] as string;
    };
    expect(await noticeFor('1')).toBe('Too many attempts. Try again in 1 s');
    expect(await noticeFor('119')).toBe('Too many attempts. Try again in 119 s');
    expect(await noticeFor('120')).toBe('Too many attempts. Try again in 2 min');
    // Rounded up: never back too soon.
    expect(await noticeFor('121')).toBe('Too many attempts. Try again in 3 min');
    expect(await noticeFor('900')).toBe('Too many attempts. Try again in 15 min');
    // Any 429, an SMS send's as well as a login's.
    expect(await noticeFor('60', '/api/users/sms/code?phone=13800138000&purpose=login')).toBe(
      'Too many attempts. Try again in 60 s',
    );
    // Without a wait we can read, the code's own text.
    for (const header of [null, '', 'soon', 'Wed, 21 Oct 2037 07:28:00 GMT', '0']) {
      expect(await noticeFor(header), String(header)).toBe(en['error.tooManyRequests']);
    }
  });

  it('tells the wait in Chinese too', async () => {
    const { client, deps } = setup(
      async () =>
        new Response(JSON.stringify({ code: 'tooManyRequests', message: 'x' }), {
          status: 429,
          headers: { 'content-type': 'application/json', 'retry-after': '42' },
        }),
      { translate: translation({ ...cn, ...accountCn }) },
    );
    await client.get('/api/users/sms/code').catch(() => {});
    expect(deps.notify).toHaveBeenCalledWith('尝试次数过多，请 42 秒后再试');
    client.notifyError(new ApiError('tooManyRequests', 429, undefined, undefined, undefined, 900));
    expect(deps.notify).toHaveBeenLastCalledWith('尝试次数过多，请 15 分钟后再试');
  });

  it('tells a 429 by its code’s text on a screen without the wait’s texts', async () => {
    const { client, deps } = setup(
      async () =>
        new Response(JSON.stringify({ code: 'tooManyRequests', message: 'x' }), {
          status: 429,
          headers: { 'content-type': 'application/json', 'retry-after': '42' },
        }),
    );
    await client.get('/api/x').catch(() => {});
    expect(deps.notify).toHaveBeenCalledWith(en['error.tooManyRequests']);
  });

  it('tells the learner when the server cannot be reached', async () => {
    const { client, deps } = setup(async () => {
      throw new TypeError('Failed to fetch');
    });
    await expect(client.get('/api/x')).rejects.toMatchObject({ status: 0, code: null });
    expect(deps.notify).toHaveBeenCalledWith(en['status.default']);
  });

  it('stays quiet for a silent call', async () => {
    const { client, deps } = setup(async () => jsonResponse(500, { code: 'internalServerError', message: 'x' }));
    await expect(client.get('/api/auth/current', { silent: true })).rejects.toBeInstanceOf(ApiError);
    expect(deps.notify).not.toHaveBeenCalled();
  });

  it('on 401 clears the session, remembers the page and goes to login after 1 s', async () => {
    const { client, deps, scheduled } = setup(async () => jsonResponse(401, { code: 'sessionExpired', message: 'x' }));
    await expect(client.get('/api/users/current')).rejects.toMatchObject({ status: 401, code: 'sessionExpired' });
    expect(deps.notify).toHaveBeenCalledWith(en['error.sessionExpired']);
    expect(deps.session.clear).toHaveBeenCalled();
    expect(deps.session.saveLastUrl).toHaveBeenCalledWith('/orders/confirm?uid=c1');
    expect(deps.navigate).not.toHaveBeenCalled();
    expect(scheduled).toHaveLength(1);
    expect(scheduled[0]!.ms).toBe(1000);
    // The web app repeats the contract's value (zod stays out of the first screen): keep in step.
    expect(scheduled[0]!.ms).toBe(limits.redirectDelayMs);
    scheduled[0]!.run();
    expect(deps.navigate).toHaveBeenCalledWith('/login');
  });

  it('on the login page itself neither remembers it nor leaves for it (a login a moment later stays)', async () => {
    const { client, deps, scheduled } = setup(async () => jsonResponse(401, { code: 'unauthorized', message: 'x' }), {
      currentPath: () => '/login',
    });
    await expect(client.get('/api/users/current')).rejects.toBeInstanceOf(ApiError);
    expect(deps.session.clear).toHaveBeenCalled();
    expect(deps.session.saveLastUrl).not.toHaveBeenCalled();
    expect(scheduled).toHaveLength(0);
  });

  it('redirects once when several requests fail with 401 together', async () => {
    const { client, scheduled } = setup(async () => jsonResponse(401, { code: 'unauthorized', message: 'x' }));
    await Promise.allSettled([client.get('/a'), client.get('/b')]);
    expect(scheduled).toHaveLength(1);
  });

  it('on 403 ipBlocked clears the session and goes to the ipBlocked page after 1 s', async () => {
    const { client, deps, scheduled } = setup(async () => jsonResponse(403, { code: 'ipBlocked', message: 'x' }));
    await expect(client.get('/api/tenants/current')).rejects.toMatchObject({ status: 403, code: 'ipBlocked' });
    expect(deps.notify).toHaveBeenCalledWith(en['error.ipBlocked']);
    expect(deps.session.clear).toHaveBeenCalled();
    expect(deps.session.saveLastUrl).not.toHaveBeenCalled();
    expect(scheduled[0]!.ms).toBe(1000);
    scheduled[0]!.run();
    expect(deps.navigate).toHaveBeenCalledWith('/403/ip');
  });

  it('does not redirect on other 403s', async () => {
    const { client, deps, scheduled } = setup(async () => jsonResponse(403, { code: 'notCourseMember', message: 'x' }));
    await expect(client.get('/api/x')).rejects.toMatchObject({ code: 'notCourseMember' });
    expect(deps.session.clear).not.toHaveBeenCalled();
    expect(scheduled).toHaveLength(0);
  });
});

describe("the page's first answers", () => {
  it('answers a GET the page carries without fetching, once; other calls fetch', async () => {
    const carried = new Map<string, unknown>([['/api/tenants/current', { name: 'Demo' }]]);
    const { client, deps } = setup(async () => jsonResponse(200, { name: 'fetched' }), {
      firstAnswer: (path) => {
        const answer = carried.get(path);
        carried.delete(path);
        return answer;
      },
    });
    expect(await client.get('/api/tenants/current')).toEqual({ name: 'Demo' });
    expect(deps.fetch).not.toHaveBeenCalled();
    expect(await client.get('/api/tenants/current')).toEqual({ name: 'fetched' });
    expect(deps.fetch).toHaveBeenCalledTimes(1);
  });

  it('never answers a write from the page', async () => {
    const firstAnswer = vi.fn(() => ({ carried: true }));
    const { client, deps } = setup(async () => jsonResponse(200, { written: true }), { firstAnswer });
    expect(await client.post('/api/tenants/current', { json: {} })).toEqual({ written: true });
    expect(firstAnswer).not.toHaveBeenCalled();
    expect(deps.fetch).toHaveBeenCalledTimes(1);
  });
});
