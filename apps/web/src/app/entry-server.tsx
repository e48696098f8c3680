import type { Locale } from '@school/contract/enums';
import type { RenderedScreen as ContractRenderedScreen, ScreenRenderRequest } from '@school/contract/paths';
import type { User } from '@school/contract/auth';
import type { Tenant } from '@school/contract/shell';
import { dehydrate, type DehydratedState, type Query, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { prerender } from 'react-dom/static';
import { addBundle, selectLanguage, translatorOf } from '../lib/i18n';
import { StaticRouter } from 'react-router';
import { appConfig } from '../config/app-config';
import { currentUserQueryOptions } from '../features/auth/api/get-current-user';
import { tenantQueryOptions } from '../features/shell/api/get-tenant';
import { setActiveLocale } from '../lib/locale';
import { setServerOrigin, setServerTransport, setServerUserAgent, type ServerTransport } from '../lib/server-render';
import { session } from '../lib/session';
import { storage } from '../lib/storage';
import { learnerTimeZone } from '../lib/time-zone';
import { setRenderedAt } from '../lib/use-now';
import { loadMessages } from './messages/load-messages';
import * as screenMessages from './messages/registry/screen-messages';
import { pageTitle } from './page-title';
import { AppProviders } from './providers';
import { createQueryClient } from './query-client';
import { AppRoutes } from './router';
import { findRoute, type RouteName } from './routes';

/*
 * The server's renderer of the screens (decision 015), built by `vite build --ssr` and loaded by
 * the API server. It renders the same route tree, screens and query options as the browser, in
 * the page's language, for the page's learner when its session is live (issue 28) and as a
 * visitor otherwise; the browser then hydrates the markup with the queries' answers the page
 * carries, so it asks for none of them again.
 */

/** The screens rendered on the server: the catalogue, and the screens a learner lands on. */
const serverRendered: ReadonlySet<RouteName> = new Set<RouteName>([
  'homepage',
  'home',
  'microPage',
  'courseList',
  'courseDetail',
  'classroomList',
  'classroomDetail',
  'singleExamList',
  'singleExamDetail',
  'examDetail',
  'articleList',
  'articleDetail',
  'search',
  'login',
  'register',
  'learning',
  'MyCourseList',
  'MyClassroomList',
  'MyExamList',
  'me',
  'lessonLearn',
  'examTest',
  'orderConfirm',
  'orderList',
  'orderDetail',
]);

/** A screen whose reads lead to more reads (a detail, then its related list) settles in a few rounds. */
const maxRounds = 4;

export interface RenderedScreen extends ContractRenderedScreen {
  state: DehydratedState;
}

export interface ScreenRenderer {
  /** The screen at this address, or null when it is not one of the server's (the browser renders it). */
  render(request: ScreenRenderRequest): Promise<RenderedScreen | null>;
  /**
   * The route at this address (app/routes.ts), rendered here or not, whose page names its files
   * (decision 031); null for one that needs a learner when the page has none (it goes to log in).
   */
  routeOf(url: string, signedIn: boolean): string | null;
}

// The translation's language, the active locale and the origin are the app's module state: renders take turns, and
// each sets them first. Rendering is CPU work on one thread, so taking turns costs no throughput;
// the reads between rounds run concurrently.
let turn: Promise<unknown> = Promise.resolve();
function inTurn<T>(run: () => Promise<T>): Promise<T> {
  const result = turn.then(run);
  turn = result.catch(() => undefined);
  return result;
}

async function renderToText(element: ReactNode): Promise<string> {
  let failure: unknown = null;
  const { prelude } = await prerender(element, {
    // React outlines a large finished boundary behind its fallback and reveals it by script
    // later (and never without JavaScript): the whole screen goes in place instead.
    progressiveChunkSize: Number.MAX_SAFE_INTEGER,
    onError: (error) => {
      failure ??= error;
    },
  });
  const html = await new Response(prelude).text();
  if (failure) throw failure;
  return html;
}

function isEnabled(query: Query): boolean {
  const enabled = (query.options as { enabled?: boolean | ((query: Query) => boolean) }).enabled;
  return typeof enabled === 'function' ? enabled(query) : enabled !== false;
}

/** A render that is not a whole document starts with the resources React hoists (preload links). */
const hoisted = /^(?:<link\b[^>]*\/>)+/;

/** Loads both languages and every screen's messages; the server calls it once. */
export async function createScreenRenderer(transport: ServerTransport): Promise<ScreenRenderer> {
  setServerTransport(transport);
  const locales: Locale[] = ['cn', 'en'];
  const [cn, en] = await Promise.all(locales.map((locale) => loadMessages(locale)));
  addBundle('cn', cn!);
  addBundle('en', en!);
  for (const load of Object.values(screenMessages)) {
    if (typeof load !== 'function') continue;
    for (const locale of locales) addBundle(locale, await load(locale));
  }

  function renderRound(client: QueryClient, request: ScreenRenderRequest, learner: User | null, at: number) {
    return inTurn(async () => {
      setRenderedAt(at);
      setActiveLocale(request.locale);
      setServerOrigin(request.origin);
      setServerUserAgent(request.userAgent);
      selectLanguage(request.locale);
      // The device this render stands for: an empty one, with this page's learner signed in.
      storage.startAfresh();
      session.clear();
      if (learner) session.saveUser(learner, true);
      return renderToText(
        <AppProviders client={client}>
          <StaticRouter basename={appConfig.basePath} location={`${appConfig.basePath}${request.url}`}>
            <AppRoutes />
          </StaticRouter>
        </AppProviders>,
      );
    });
  }

  async function render(request: ScreenRenderRequest): Promise<RenderedScreen | null> {
    const [pathname = '/'] = request.url.split(/[?#]/, 1);
    const route = findRoute(pathname);
    if (!route || !serverRendered.has(route.name)) return null;
    if (route.definition.requiresLogin && !request.signedIn) return null;
    await route.definition.screen?.();

    const client = createQueryClient();
    // The learner first, as the browser knows them (its session sync then asks nothing again):
    // their answers come through the page's session, and a session that ended meanwhile leaves
    // the page to the browser, whose 401 flow signs them out.
    let learner: User | null = null;
    if (request.signedIn) {
      learner = await client.fetchQuery(currentUserQueryOptions()).catch(() => null);
      if (learner === null) return null;
    }

    // Each round renders, then reads what the render asked for (useQuery does not fetch on a
    // server); the next round renders with those answers, until a round asks for nothing new.
    // A read that fails (a blocked address, a stopped school, a course that is not there) leaves
    // the screen to the browser, whose error flows (the ipBlocked page, a retry) handle it.
    // Every round writes its relative dates against one time, which the page carries to the browser.
    const at = Date.now();
    const asked = new Set<string>();
    let html = '';
    for (let round = 0; round < maxRounds; round++) {
      html = await renderRound(client, request, learner, at);
      const waiting = client
        .getQueryCache()
        .findAll({ predicate: (query) => query.state.status === 'pending' && !asked.has(query.queryHash) })
        .filter(isEnabled);
      if (waiting.length === 0) break;
      for (const query of waiting) {
        asked.add(query.queryHash);
        // Kept for the next round whatever the screen's own gcTime: a query read once (gcTime 0,
        // the exam's attempt) would be gone before the round that shows it.
        query.setOptions({ ...query.options, gcTime: Infinity });
      }
      await Promise.allSettled(waiting.map((query) => query.fetch()));
      if (waiting.some((query) => query.state.status === 'error')) return null;
      if (round === maxRounds - 1) html = await renderRound(client, request, learner, at);
    }
    const head = hoisted.exec(html)?.[0] ?? '';
    // A screen that sends the visitor elsewhere (a gate, a tab's own address) renders nothing here.
    if (html.length === head.length) return null;

    const t = translatorOf(request.locale);
    const tenant = client.getQueryData<Tenant>(tenantQueryOptions().queryKey);
    const routeTitle = route.definition.title ? t(route.definition.title) : null;
    return {
      html: html.slice(head.length),
      head,
      state: dehydrate(client),
      timeZone: learnerTimeZone(),
      at,
      learner: learner?.id ?? null,
      route: route.name,
      title: pageTitle(routeTitle, tenant?.status === 'RUNNING' ? tenant.name : null, t('app.defaultTitle')),
    };
  }

  function routeOf(url: string, signedIn: boolean): string | null {
    const [pathname = '/'] = url.split(/[?#]/, 1);
    const route = findRoute(pathname);
    return route && (signedIn || !route.definition.requiresLogin) ? route.name : null;
  }

  return { render, routeOf };
}
