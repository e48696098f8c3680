import './app.css';
import { deferredStylesheetAttribute } from '@school/contract/paths';
import type { DehydratedState } from '@tanstack/react-query';
import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { storageKeys } from '../config/storage-keys';
import { renderedAt, renderedState } from '../lib/first-answers';
import { startI18n } from '../lib/i18n';
import { detectLocale, setActiveLocale } from '../lib/locale';
import { currentAppPath } from '../lib/navigation';
import { reloadOnStaleBuild } from '../lib/reload-on-stale-build';
import { session } from '../lib/session';
import { storage } from '../lib/storage';
import { learnerTimeZone } from '../lib/time-zone';
import { setRenderedAt } from '../lib/use-now';
import { loadMessages } from './messages/load-messages';
import { AppProviders } from './providers';
import { createQueryClient } from './query-client';
import { AppRouter } from './router';
import { findRoute } from './routes';

// antd-mobile's React 19 renderer is installed by the first Toast or Dialog (lib/toast.ts,
// lib/confirm-dialog.ts await it), not at start-up: most visits never show one.

// A rendered page's code starts in a task of its own after the first paint (decision 015), and
// whatever runs before an await shares that task: evaluating the modules, then the steps below.
// On a slow phone one such task is long enough to hold up a tap, so the page lets the browser in
// between them.
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve));
await nextTask();

reloadOnStaleBuild();

// A page the server rendered carries inline only the styles its markup uses; the app's whole
// stylesheet came with it switched off (decision 015) and is switched on before anything renders.
for (const link of document.querySelectorAll<HTMLLinkElement>(`link[${deferredStylesheetAttribute}]`)) {
  link.media = 'all';
}

const client = createQueryClient();
const locale = detectLocale(storage.get(storageKeys.locale), navigator.language);
// Requests made before the messages arrive (the prefetch below) already ask in this language.
setActiveLocale(locale);

// The server rendered this screen in this language and time zone for whoever this browser has
// signed in, a visitor or a learner (decision 015, issue 28): its queries' answers go into the
// cache first, so nothing below asks for them again, and the screen is hydrated. One who chose
// the other language, one elsewhere (dates would read differently), or a browser that remembers
// someone else (or no one) gets it rendered afresh.
const timeZone = learnerTimeZone();
const rendered = renderedState(locale, timeZone, session.user()?.id ?? null) as DehydratedState | undefined;
// Only the answers (the queries a server render keeps have all succeeded): TanStack Query's own
// hydrate() also restores pending promises and mutations, at 0.6 KB more in the first chunk.
// Their age counts on this phone's clock, which may not match the server's: from when the page
// was asked for (the answers were made within its first round trip), so staleness and the
// countdowns' correction (useServerClock) hold on a phone set to the wrong time.
for (const { queryKey, state } of rendered?.queries ?? []) {
  client.setQueryData(queryKey, state.data, { updatedAt: performance.timeOrigin });
}
// Its "5 min ago"s hydrate against the time the server wrote them at.
if (rendered) setRenderedAt(renderedAt());

await nextTask();

// Fetch this page's screen (and, for public screens, its first data) while the messages and the
// school's config load, instead of one after the other.
const [firstPath = '/', firstQuery = ''] = currentAppPath().split('#')[0]!.split('?');
const firstRoute = findRoute(firstPath);
void firstRoute?.definition.screen?.();
await nextTask();
// A rendered screen's first answers are already in the cache.
if (!rendered && firstRoute && !firstRoute.definition.requiresLogin) {
  firstRoute.definition.prefetch?.(client, { params: firstRoute.params, search: new URLSearchParams(firstQuery) });
}
await nextTask();
await startI18n(locale, loadMessages);

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root');

const app = (
  <StrictMode>
    <AppProviders client={client}>
      <AppRouter />
    </AppProviders>
  </StrictMode>
);
if (rendered) {
  // With its code and its messages at hand (asked for above; the messages must be loaded first)
  // the screen hydrates in one pass.
  await firstRoute?.definition.screen?.().catch(() => undefined);
  // As a transition React hydrates in slices of a few milliseconds, yielding to the learner's
  // taps and scrolls in between, instead of in one long task on a slow phone.
  startTransition(() => {
    hydrateRoot(container, app);
  });
} else {
  createRoot(container).render(app);
}
