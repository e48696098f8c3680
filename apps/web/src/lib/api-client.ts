import { limits } from '@school/contract/limits';
import { learnerHeader } from '@school/contract/web-app';
import { href } from '../config/route-paths';
import { ApiError, apiErrorFrom, errorNotice } from './api-error';
import { takeFirstAnswer } from './first-answers';
import { translateIfKnown, type MessageValues } from './i18n';
import { activeLocale, languageTagOf } from './locale';
import { currentAppPath, navigateTo } from './navigation';
import { serverFetch } from './server-render';
import { session, type SessionStore } from './session';
import { showToast } from './toast';

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  query?: Record<string, string | number | boolean | null | undefined>;
  /** Sent as JSON. */
  json?: unknown;
  /** Sent as application/x-www-form-urlencoded (the login endpoint wants this). */
  form?: Record<string, string | number | boolean>;
  /** Sent as multipart/form-data (uploads); the browser sets the boundary. */
  multipart?: FormData;
  headers?: Record<string, string>;
  /** No warning notice on failure; the caller handles it (the 401 / ipBlocked flows still run). */
  silent?: boolean;
  signal?: AbortSignal;
  /**
   * The request outlives the page (fetch `keepalive`): a report sent as the learner leaves
   * (pagehide, tab hidden) still reaches the server. The browser caps such bodies at 64 KB.
   */
  keepalive?: boolean;
}

export interface ApiClientDeps {
  fetch: typeof fetch;
  /** Accept-Language value for the active locale. */
  languageTag(): string;
  /** The page's own answer to this GET (lib/first-answers.ts), taken once; undefined: ask the API. */
  firstAnswer?(path: string): unknown;
  session: Pick<SessionStore, 'user' | 'refresh' | 'clear' | 'saveLastUrl'>;
  /** Translation of a message id with its `{{name}}` values, or undefined when the id is unknown. */
  translate(id: string, values?: MessageValues): string | undefined;
  notify(text: string): void;
  navigate(path: string): void;
  currentPath(): string;
  schedule(run: () => void, ms: number): void;
}

export interface ApiClient {
  request<T>(path: string, options?: RequestOptions): Promise<T>;
  get<T>(path: string, options?: Omit<RequestOptions, 'method'>): Promise<T>;
  post<T>(path: string, options?: Omit<RequestOptions, 'method'>): Promise<T>;
  put<T>(path: string, options?: Omit<RequestOptions, 'method'>): Promise<T>;
  /**
   * Shows the warning notice a failed call would have shown: for a `silent` caller that handled
   * some failures itself and hands the rest back.
   */
  notifyError(error: unknown): void;
}

/** Where the 401 and ipBlocked flows land. */
const loginPath = href('login');
const ipBlockedPath = href('ipBlocked');

function withQuery(path: string, query: RequestOptions['query']): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null) params.append(key, String(value));
  }
  const text = params.toString();
  return text ? `${path}${path.includes('?') ? '&' : '?'}${text}` : path;
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const text = await response.text();
  if (!text) return undefined;
  const type = response.headers.get('content-type') ?? '';
  if (type.includes('json')) {
    try {
      return JSON.parse(text);
    } catch {
      return text;
    }
  }
  return text;
}

/**
 * The only caller of `fetch` (docs/architecture.md#house-rules): cookies included, no time-out, the session-refresh
 * step before each request, the warning notice and the 401 / ipBlocked flows of docs/product.md#session.
 * Every failure is rejected with an ApiError so callers can react to it.
 */
export function createApiClient(deps: ApiClientDeps): ApiClient {
  let redirecting = false;

  function leaveTo(path: string, rememberCurrent: boolean) {
    if (redirecting) return;
    const current = deps.currentPath();
    deps.session.clear();
    // Already there (a visitor on the login page whose session check said 401): a redirect a
    // second later would take away the page the learner has just logged in from.
    if (current.startsWith(path)) return;
    redirecting = true;
    if (rememberCurrent && !current.startsWith(loginPath)) deps.session.saveLastUrl(current);
    deps.schedule(() => {
      redirecting = false;
      deps.navigate(path);
    }, limits.redirectDelayMs);
  }

  function notifyError(error: unknown) {
    const failure = error instanceof ApiError ? error : new ApiError(null, 0);
    const known = (id: string) => deps.translate(id) !== undefined;
    const { id, values } = errorNotice(failure, known);
    deps.notify(deps.translate(id, values) ?? id);
  }

  function fail(error: ApiError, silent: boolean): never {
    if (!silent) notifyError(error);
    if (error.status === 401) leaveTo(loginPath, true);
    else if (error.status === 403 && error.code === 'ipBlocked') leaveTo(ipBlockedPath, false);
    throw error;
  }

  async function request<T>(path: string, options: RequestOptions = {}): Promise<T> {
    const { method = 'GET', query, json, form, multipart, headers = {}, silent = false, signal, keepalive } = options;
    deps.session.refresh();
    const carried = method === 'GET' ? deps.firstAnswer?.(withQuery(path, query)) : undefined;
    if (carried !== undefined) return carried as T;

    const init: RequestInit = {
      method,
      credentials: 'include',
      // The API answers JSON whatever the Accept header says: the browser's default goes.
      headers: {
        'Accept-Language': deps.languageTag(),
        // Whom the answer is for, as this page believes: the offline worker keeps answers per
        // learner and never gives one learner's to another (features/offline, decision 026).
        [learnerHeader]: String(deps.session.user()?.id ?? ''),
        ...headers,
      },
      ...(signal ? { signal } : {}),
      ...(keepalive ? { keepalive: true } : {}),
    };
    if (multipart) {
      init.body = multipart;
    } else if (form) {
      const body = new URLSearchParams();
      for (const [key, value] of Object.entries(form)) body.append(key, String(value));
      init.body = body;
      (init.headers as Record<string, string>)['Content-Type'] = 'application/x-www-form-urlencoded';
    } else if (json !== undefined) {
      init.body = JSON.stringify(json);
      (init.headers as Record<string, string>)['Content-Type'] = 'application/json';
    }

    let response: Response;
    try {
      response = await deps.fetch(withQuery(path, query), init);
    } catch (cause) {
      // An abort is the caller's own decision (a query went stale): nothing to tell the learner.
      if (signal?.aborted) throw cause;
      return fail(new ApiError(null, 0), silent);
    }
    const body = await readBody(response).catch(() => undefined);
    if (!response.ok) return fail(apiErrorFrom(response.status, body, response.headers.get('retry-after')), silent);
    return body as T;
  }

  return {
    request,
    get: (path, options) => request(path, { ...options, method: 'GET' }),
    post: (path, options) => request(path, { ...options, method: 'POST' }),
    put: (path, options) => request(path, { ...options, method: 'PUT' }),
    notifyError,
  };
}

export const apiClient: ApiClient = createApiClient(
  import.meta.env.SSR
    ? {
        // A server render (app/entry-server.tsx): its calls go through the server's own API for
        // the page's learner or visitor; nothing is shown, stored or navigated to. The renderer
        // sets the render's learner before each render: a call's 401 signs no one out there.
        fetch: serverFetch,
        languageTag: () => languageTagOf(activeLocale()),
        session: { ...session, refresh: () => {}, clear: () => {} },
        translate: translateIfKnown,
        notify: () => {},
        navigate: () => {},
        currentPath: () => '/',
        schedule: () => {},
      }
    : {
        fetch: (...args) => globalThis.fetch(...args),
        languageTag: () => languageTagOf(activeLocale()),
        firstAnswer: (path) => takeFirstAnswer(path, activeLocale()),
        session,
        translate: translateIfKnown,
        notify: (text) => showToast(text),
        navigate: (path) => navigateTo(path, { replace: true }),
        currentPath: () => currentAppPath(),
        schedule: (run, ms) => void setTimeout(run, ms),
      },
);
