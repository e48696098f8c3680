import './app.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { storageKeys } from '../config/storage-keys';
import { startI18n } from '../lib/i18n';
import { detectLocale, setActiveLocale } from '../lib/locale';
import { currentAppPath } from '../lib/navigation';
import { reloadOnStaleBuild } from '../lib/reload-on-stale-build';
import { storage } from '../lib/storage';
import { loadMessages } from './messages/load-messages';
import { AppProviders } from './providers';
import { createQueryClient } from './query-client';
import { AppRouter } from './router';
import { findRoute } from './routes';

// antd-mobile's React 19 renderer is installed by the first Toast or Dialog (lib/toast.ts,
// lib/confirm-dialog.ts await it), not at start-up: most visits never show one.

reloadOnStaleBuild();

const client = createQueryClient();
const locale = detectLocale(storage.get(storageKeys.locale), navigator.language);
// Requests made before the messages arrive (the prefetch below) already ask in this language.
setActiveLocale(locale);

// Fetch this page's screen (and, for public screens, its first data) while the messages and the
// school's config load, instead of one after the other.
const [firstPath = '/', firstQuery = ''] = currentAppPath().split('#')[0]!.split('?');
const firstRoute = findRoute(firstPath);
void firstRoute?.definition.screen?.();
if (firstRoute && !firstRoute.definition.requiresLogin) {
  firstRoute.definition.prefetch?.(client, { params: firstRoute.params, search: new URLSearchParams(firstQuery) });
}

await startI18n(locale, loadMessages);

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root');

createRoot(container).render(
  <StrictMode>
    <AppProviders client={client}>
      <AppRouter />
    </AppProviders>
  </StrictMode>,
);
