import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { useTranslation } from '../lib/i18n';
import { Outlet, useLocation } from 'react-router';
import { TabBar, type TabBarItem } from '../components/layout/tab-bar';
import { LoadingRegion, SkeletonBlock } from '../components/ui/skeleton';
import { appConfig } from '../config/app-config';
import { session } from '../lib/session';
import { useSessionUser } from '../lib/use-session-user';
import { decideAccess } from './access-gate';
import { pageTitle } from './page-title';
import { Redirect } from './redirect';
import { findRoute, href, loadMeTabBadge, type RouteName } from './routes';
import { tabBarState, tabDestination } from './tab-routing';
import { useLayoutLoad } from './use-layout-load';
import { useSessionSync } from './use-session-sync';
import { useWechatShare } from '../features/wechat/logic/use-wechat-share';
import { InteractiveMark } from '../lib/use-interactive';

/**
 * The Me tab's unread count: its code, its query and its texts arrive only for a signed-in
 * learner, and only with the offline layer, a while after the app starts (laterDelayMs), so no
 * first screen downloads them before it is interactive (decision 027) and a visitor's carries
 * none of them. The count is a reminder, not the screen's content: five seconds late is fine.
 */
const MeTabBadge = lazy(loadMeTabBadge);

/**
 * The offline worker, its banner, the update prompt and the install hint (issue 27), mounted a
 * while after the app starts (laterDelayMs): by then the first screen has painted and its
 * answers have arrived, and the worker's own downloads run off the page's main thread. A plain
 * timer rather than lib/use-idle-load's load-and-idle wait, whose code would join every first
 * screen's chunk (about 0.2 KB) for this one use.
 */
const laterDelayMs = 5000;
// Failing to arrive (offline before the worker kept it), it shows nothing until the next visit.
const OfflineLayer = lazy(() =>
  import('../features/offline/components/offline-layer')
    .then((m) => m.withTexts())
    .catch(() => ({ default: () => null })),
);

/** Shown while a screen's chunk loads or the access rules wait for the system config. */
/**
 * What shows while the gate waits for the school's config or a screen's code arrives: the top
 * bar already carries the page's title where the screen's heading will stand, so the learner
 * reads where they are at once and nothing moves when the screen takes over.
 */
function ScreenFallback({ title }: { title: string }) {
  return (
    <LoadingRegion>
      <div className="flex h-11 items-center justify-center border-b border-line bg-surface px-12">
        <span className="truncate text-base font-semibold text-ink">{title}</span>
      </div>
      <div className="space-y-3 p-3">
        <SkeletonBlock className="h-9 rounded-full" />
        <SkeletonBlock className="aspect-[75/32] rounded-card" />
        <SkeletonBlock className="h-24 rounded-card" />
      </div>
    </LoadingRegion>
  );
}

/** Goes to a gate's destination, first remembering the current page when asked to. */
function GateRedirect({ to, rememberUrl }: { to: RouteName; rememberUrl: boolean }) {
  // The router's location, not window.location: while the next screen's chunk loads, React may
  // render this again for the old route when the address bar already shows the login page, and
  // `from` would then become the login page itself (lastUrl and the way back both lost).
  const { pathname, search, hash } = useLocation();
  const from = `${pathname}${search}${hash}`;
  // Idempotent, so harmless if React renders this twice; it must happen before we leave.
  if (rememberUrl) session.saveLastUrl(from);
  // A stable state object: <Navigate> (behind <Redirect>) navigates again whenever its props change.
  const state = useMemo(() => ({ from }), [from]);
  return <Redirect to={href(to)} replace state={state} />;
}

/**
 * The layout route around every screen: layout load, page title, access gating, tab bar.
 * Screens render inside it, each lazily loaded.
 */
export function AppShell() {
  const { t } = useTranslation();
  const location = useLocation();
  const user = useSessionUser();
  const layout = useLayoutLoad();
  useSessionSync();
  useWechatShare(layout.tenant, layout.wechatOfficialEnabled);
  // The offline layer and the Me tab's count.
  const [laterDue, setLaterDue] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setLaterDue(true), laterDelayMs);
    return () => clearTimeout(timer);
  }, []);

  const matched = findRoute(location.pathname);
  const routeTitle = matched?.definition.title ? t(matched.definition.title) : null;
  const title = pageTitle(routeTitle, layout.tenantName, t('app.defaultTitle'));
  useEffect(() => {
    document.title = title;
  }, [title]);

  const tabState = matched
    ? tabBarState(
        {
          route: matched.name,
          pageType: matched.definition.pageType,
          params: matched.params,
          query: new URLSearchParams(location.search),
        },
        layout.tabs,
      )
    : null;

  // Unknown and not-yet-built routes: the router sends them home; nothing to decide here.
  if (!matched) return <Outlet />;

  const decision = decideAccess({
    route: matched.name,
    requiresLogin: matched.definition.requiresLogin,
    loggedIn: user !== null,
    config: layout.access,
  });
  if (decision.kind === 'redirect') return <GateRedirect to={decision.to} rememberUrl={decision.rememberUrl} />;
  if (tabState?.redirectTo && layout.tabsAreFresh) return <Redirect to={tabState.redirectTo} replace />;
  // Stored tabs say this page has no tab: wait for the fresh list before rendering or leaving.
  const waiting = decision.kind === 'wait' || (tabState?.redirectTo != null && !layout.tabsAreFresh);

  const items: TabBarItem[] | null = tabState?.visible
    ? layout.tabs.map((tab, index) => {
        const destination = tabDestination(tab);
        return {
          key: tab.id,
          label: tab.name,
          to: destination.to,
          external: destination.external,
          iconUrl: tab.defaultIconUrl,
          activeIconUrl: tab.activeIconUrl,
          active: index === tabState.activeIndex,
          activeColor: tab.textActiveColor || appConfig.tabActiveColor,
          inactiveColor: appConfig.tabInactiveColor,
          badge: user && tab.type === 'MINE' && laterDue && (
            <Suspense>
              <MeTabBadge />
            </Suspense>
          ),
        };
      })
    : null;

  return (
    <div
      className={`mx-auto flex min-h-dvh max-w-[768px] flex-col bg-canvas min-[769px]:shadow-[0_0_0_1px_var(--color-line)] ${
        items ? 'pb-[calc(var(--spacing-tab-bar)+env(safe-area-inset-bottom))]' : ''
      }`}
    >
      {laterDue ? (
        <Suspense>
          <OfflineLayer onHome={matched.name === 'homepage'} />
        </Suspense>
      ) : null}
      {waiting ? (
        <ScreenFallback title={title} />
      ) : (
        <Suspense fallback={<ScreenFallback title={title} />}>
          <Outlet />
          <InteractiveMark />
        </Suspense>
      )}
      {items ? <TabBar items={items} label={t('ui.tabBar.label')} /> : null}
    </div>
  );
}
