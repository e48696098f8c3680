import { appScope } from '@school/contract/web-app';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { Workbox } from 'workbox-window';
import { apiClient } from '../../../lib/api-client';
import { renderedReads } from '../../../lib/first-answers';
import { addMessages, useTranslation } from '../../../lib/i18n';
import { storage } from '../../../lib/storage';
import type { FromWorker, ToWorker } from '../../../lib/offline-rules';
import { offlineMessages } from '../offline-messages';

/*
 * The installable, offline app's part of every page (issue 27, decision 026), mounted by the app
 * shell once the page has loaded and the phone is idle: it registers the offline worker and shows
 * the offline banner, the update prompt and the install hint. (Whose answers the worker keeps
 * each API call says itself: lib/api-client.ts.)
 */

export async function withTexts() {
  await addMessages(offlineMessages);
  return { default: OfflineLayer };
}

/** Chrome's offer to install the app, which it makes once the learner has used the page a while. */
interface InstallOffer extends Event {
  prompt(): Promise<unknown>;
}

/** Device settings: the learner dismissed the install hint for good; how many visits this phone made. */
const installHintDismissedKey = 'install_hint_dismissed';
const visitsKey = 'app_visits';
/** The hint waits for a learner who comes back (Chrome's own offer waits for use as well). */
const visitsBeforeInstallHint = 3;

const workerUrl = `${appScope}sw.js`;

/** Registers the worker; returns a reload when a new version waits. */
function useOfflineWorker(): (() => void) | null {
  const [waiting, setWaiting] = useState<Workbox | null>(null);
  useEffect(() => {
    if (!('serviceWorker' in navigator)) return;
    const workbox = new Workbox(workerUrl, { scope: appScope });
    workbox.addEventListener('waiting', () => setWaiting(workbox));
    workbox.register().catch(() => {
      // No worker (a private mode, an old browser): the app works online as before.
    });
  }, []);
  if (waiting === null) return null;
  return () => {
    // Reloaded once the new version has taken the page, never before: the page never mixes them.
    waiting.addEventListener('controlling', () => window.location.reload());
    waiting.messageSkipWaiting();
  };
}

/**
 * A page the server rendered brought its answers in the page (decisions 015, 028), so the worker
 * never saw them go by: once it controls the page, the same addresses are asked for again
 * through it, and the phone keeps them for an offline visit as it keeps any answer it asked for.
 */
function useKeptRenderedAnswers(): void {
  useEffect(() => {
    if (!('serviceWorker' in navigator)) return;
    const reads = renderedReads();
    if (reads.length === 0) return;
    void navigator.serviceWorker.ready.then(() => {
      if (!navigator.serviceWorker.controller) return;
      for (const path of reads) void apiClient.get(path, { silent: true }).catch(() => undefined);
    });
  }, []);
}

interface Connection {
  /** The network cannot be reached (the phone says so, or the worker found none). */
  offline: boolean;
  /** Since when the page shows kept answers (epoch ms); null: it shows none. */
  keptSince: number | null;
  retry(): void;
}

/** What the phone and the offline worker say about the connection. */
function useConnection(): Connection {
  const client = useQueryClient();
  const [phoneOffline, setPhoneOffline] = useState(() => !navigator.onLine);
  const [kept, setKept] = useState<{ at: number; reason: 'offline' | 'slow' } | null>(null);
  useEffect(() => {
    // What the page shows came from the phone: ask again now the network is back.
    const backOnline = () => {
      setKept((was) => {
        if (was !== null) void client.invalidateQueries();
        return null;
      });
    };
    const goOnline = () => {
      setPhoneOffline(false);
      backOnline();
    };
    const goOffline = () => setPhoneOffline(true);
    const fromWorker = (event: MessageEvent<FromWorker>) => {
      if (event.data?.type === 'offline-copy') setKept({ at: event.data.at, reason: event.data.reason });
      else if (event.data?.type === 'back-online') backOnline();
    };
    window.addEventListener('online', goOnline);
    window.addEventListener('offline', goOffline);
    const container = navigator.serviceWorker;
    container?.addEventListener('message', fromWorker);
    // Messages the worker sent before this code arrived wait in a queue until started; and it
    // is asked again in case the page was given kept answers before then.
    container?.startMessages();
    container?.controller?.postMessage({ type: 'offline-state' } satisfies ToWorker);
    return () => {
      window.removeEventListener('online', goOnline);
      window.removeEventListener('offline', goOffline);
      container?.removeEventListener('message', fromWorker);
    };
  }, [client]);
  return {
    offline: phoneOffline || kept?.reason === 'offline',
    keptSince: kept?.at ?? null,
    // The worker says "back online" once the network answers one of these.
    retry: () => void client.invalidateQueries(),
  };
}

function isIosSafari(): boolean {
  const agent = navigator.userAgent;
  return /iP(hone|ad|od)/.test(agent) && /Safari\//.test(agent) && !/CriOS|FxiOS|MicroMessenger/.test(agent);
}

function isInstalled(): boolean {
  return (
    window.matchMedia?.('(display-mode: standalone)').matches ||
    (navigator as { standalone?: boolean }).standalone === true
  );
}

/** Chrome's install offer, or iOS's instructions; until the learner dismisses it for good. */
function useInstallHint(shown: boolean) {
  const [dismissed, setDismissed] = useState(() => storage.get<boolean>(installHintDismissedKey) === true);
  const [visits] = useState(() => {
    const count = (storage.get<number>(visitsKey) ?? 0) + 1;
    storage.set(visitsKey, count);
    return count;
  });
  const [offer, setOffer] = useState<InstallOffer | null>(null);
  useEffect(() => {
    // Chrome makes its offer after the learner has used the page for a while (long after this
    // code arrives); held here, it waits for the hint instead of covering the tab bar. An offer
    // made before (on a later visit, at load) shows as Chrome's own bar instead.
    const offered = (event: Event) => {
      event.preventDefault();
      setOffer(event as InstallOffer);
    };
    addEventListener('beforeinstallprompt', offered);
    return () => removeEventListener('beforeinstallprompt', offered);
  }, []);
  const ios = useMemo(() => isIosSafari(), []);
  if (!shown || dismissed || isInstalled()) return null;
  if (offer === null && !(ios && visits >= visitsBeforeInstallHint)) return null;
  const dismiss = () => {
    storage.set(installHintDismissedKey, true);
    setDismissed(true);
  };
  return {
    ios,
    dismiss,
    install:
      offer === null
        ? null
        : () => {
            setOffer(null);
            // Chrome asks the learner itself; asked once, the hint has done its work either way.
            void offer.prompt().finally(dismiss);
          },
  };
}

const cardClass = 'flex items-center gap-3 rounded-card bg-ink px-4 py-2 text-sm text-surface shadow-card';
const cardButtonClass = 'min-h-11 shrink-0 rounded-full px-3 font-medium text-surface underline underline-offset-2';

function Card({ children, label }: { children: ReactNode; label?: string }) {
  return (
    <div role={label ? 'region' : 'status'} aria-label={label} className={cardClass}>
      {children}
    </div>
  );
}

/**
 * Above the screen, in the page's flow rather than over it: nothing a screen shows at its edges
 * (an exam's submit bar, the tab bar) is ever covered.
 */
export default function OfflineLayer({ onHome }: { onHome: boolean }) {
  const { t, locale } = useTranslation();
  const reload = useOfflineWorker();
  useKeptRenderedAnswers();
  const { offline, keptSince, retry } = useConnection();
  const hint = useInstallHint(onHome);
  const time = useMemo(
    () => new Intl.DateTimeFormat(locale === 'cn' ? 'zh-CN' : 'en', { hour: '2-digit', minute: '2-digit' }),
    [locale],
  );

  const banner =
    keptSince !== null
      ? t(offline ? 'offline.banner.offlineAt' : 'offline.banner.weakAt', { time: time.format(keptSince) })
      : offline
        ? t('offline.banner.offline')
        : null;

  if (banner === null && reload === null && hint === null) return null;
  return (
    <div className="flex flex-col gap-2 px-3 pt-2">
      {banner !== null ? (
        <Card>
          <span className="flex-1">{banner}</span>
          <button type="button" className={cardButtonClass} onClick={retry}>
            {t('offline.banner.retry')}
          </button>
        </Card>
      ) : null}
      {reload !== null ? (
        <Card>
          <span className="flex-1">{t('offline.update.ready')}</span>
          <button type="button" className={cardButtonClass} onClick={reload}>
            {t('offline.update.reload')}
          </button>
        </Card>
      ) : null}
      {hint !== null ? (
        <Card label={t('offline.install.label')}>
          <span className="flex-1">{t(hint.ios ? 'offline.install.iosText' : 'offline.install.text')}</span>
          {hint.install ? (
            <button type="button" className={cardButtonClass} onClick={hint.install}>
              {t('offline.install.install')}
            </button>
          ) : null}
          <button type="button" className={cardButtonClass} onClick={hint.dismiss}>
            {t('offline.install.dismiss')}
          </button>
        </Card>
      ) : null}
    </div>
  );
}
