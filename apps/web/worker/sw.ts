/// <reference lib="webworker" />
import { appScope } from '@school/contract/web-app';
import type { WorkboxPlugin } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute, type PrecacheEntry } from 'workbox-precaching';
import { registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst } from 'workbox-strategies';
import {
  answeredAt,
  cachesToDropFor,
  downloadExpired,
  downloadRecordPath,
  lessonOfMedia,
  type DownloadRecord,
  endsSession,
  isKeepableResponse,
  isKeptAnswer,
  isPicture,
  metaCache,
  ownerKey,
  ownerOf,
  personalCacheOf,
  picturesCache,
  visitorOwner,
  type FromWorker,
  type ToWorker,
} from '../src/lib/offline-rules';

/*
 * The offline worker (issue 27, decision 026). The build fills in every file of the app (its
 * shell and each screen's code), kept at install; pages and API answers come from the network
 * first and, when it cannot be reached, from what this phone's current learner saw last.
 * Served at /mobile/sw.js; the server's OFFLINE_APP=false sends sw-retire.js there instead.
 */

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (PrecacheEntry | string)[] };

// The shell is kept, but never answers a visit while the network does: a page the server renders
// (decision 015) paints before any code, and a kept shell would have to wait for it.
precacheAndRoute(self.__WB_MANIFEST, { directoryIndex: '', cleanURLs: false });
cleanupOutdatedCaches();

// ----- Whose answers are kept ---------------------------------------------------------------

async function readOwner(): Promise<string> {
  const kept = await (await caches.open(metaCache)).match(ownerKey);
  return kept ? kept.text() : visitorOwner;
}

// A storage failure never leaves the owner unknown: every answer would then fail with it. (Each
// person's answers are in their own cache, so one left undeleted is still never given to another.)
const orElse = (reading: Promise<string>, fallback: string) => reading.catch(() => fallback);

let owner: Promise<string> = orElse(readOwner(), visitorOwner);

/** `next` uses the phone now: everything another person saw goes before anything is kept or given. */
function changeOwner(next: string): Promise<string> {
  owner = orElse(
    owner.then(async (current) => {
      const names = await caches.keys();
      await Promise.all(cachesToDropFor(next, names).map((name) => caches.delete(name)));
      if (current !== next) await (await caches.open(metaCache)).put(ownerKey, new Response(next));
      return next;
    }),
    next,
  );
  return owner;
}

/** The asking page's learner, once the phone's caches are theirs alone. */
async function ownerFor(request: Request): Promise<string> {
  const person = ownerOf(request);
  return (await owner) === person ? person : changeOwner(person);
}

// ----- Telling a page it shows kept copies ---------------------------------------------------

/** Per page: the oldest kept answer it was given and why, for its banner ("what you saw last at …"). */
const offlineCopies = new Map<string, Extract<FromWorker, { type: 'offline-copy' }>>();

async function tell(clientId: string, message: FromWorker): Promise<void> {
  (await self.clients.get(clientId))?.postMessage(message);
}

function noteOfflineCopy(clientId: string, at: number, reason: 'offline' | 'slow'): void {
  if (!clientId) return;
  const before = offlineCopies.get(clientId);
  const note = { type: 'offline-copy', at: Math.min(before?.at ?? at, at), reason } as const;
  offlineCopies.set(clientId, note);
  void tell(clientId, note);
}

function noteNetworkAnswered(clientId: string): void {
  if (!offlineCopies.delete(clientId)) return;
  void tell(clientId, { type: 'back-online' });
}

// The calls that found no network at all (rather than a slow one).
const unreachable = new WeakSet<Event>();

const keepOnlyWholeAnswers: WorkboxPlugin = {
  cacheWillUpdate: async ({ response }) => (isKeepableResponse(response) ? response : null),
  fetchDidFail: async ({ event }) => {
    unreachable.add(event);
  },
  fetchDidSucceed: async ({ event, response }) => {
    if (event instanceof FetchEvent) noteNetworkAnswered(event.clientId);
    return response;
  },
  cachedResponseWillBeUsed: async ({ cachedResponse, event }) => {
    if (cachedResponse && event instanceof FetchEvent) {
      const reason = unreachable.has(event) ? 'offline' : 'slow';
      noteOfflineCopy(event.clientId, answeredAt(cachedResponse) ?? Date.now(), reason);
    }
    return cachedResponse ?? null;
  },
};

// On a patchy connection an answer that takes this long is given from the phone instead.
const networkTimeoutSeconds = 8;
const strategies = new Map<string, NetworkFirst>();
function answersOf(person: string): NetworkFirst {
  let strategy = strategies.get(person);
  if (!strategy) {
    strategy = new NetworkFirst({
      cacheName: personalCacheOf(person),
      networkTimeoutSeconds,
      plugins: [keepOnlyWholeAnswers],
    });
    strategies.set(person, strategy);
  }
  return strategy;
}

// ----- Routes -----------------------------------------------------------------------------------

registerRoute(
  ({ url, sameOrigin }) => sameOrigin && isKeptAnswer(url),
  async (options) => answersOf(await ownerFor(options.request)).handle(options),
);

// A downloaded lesson's files come from the phone while its learner's membership lasts; any other
// media file from the network. Whole, even when the player asks for a range (HTTP lets a server
// answer a range with all of it): a part made here would carry no address, and Chromium's own
// HLS player trusts no playlist or segment without one. Players take the whole file and seek in it.
async function downloadedFile(request: Request, lessonId: number): Promise<Response | null> {
  const cache = await caches.open(personalCacheOf(await owner));
  const record = await cache.match(downloadRecordPath(lessonId));
  if (!record) return null;
  const { expiresAt, files } = (await record.json()) as DownloadRecord;
  if (downloadExpired({ expiresAt }, Date.now())) {
    await Promise.all([...files, downloadRecordPath(lessonId)].map((file) => cache.delete(file)));
    return null;
  }
  const file = await cache.match(request, { ignoreSearch: true, ignoreVary: true });
  if (!file) return null;
  return file;
}

registerRoute(
  ({ url, sameOrigin }) => sameOrigin && lessonOfMedia(url) !== null,
  async ({ request, url }) => (await downloadedFile(request, lessonOfMedia(url)!)) ?? fetch(request),
);

registerRoute(
  ({ url, sameOrigin }) => sameOrigin && isPicture(url),
  new CacheFirst({
    cacheName: picturesCache,
    plugins: [new ExpirationPlugin({ maxEntries: 300, purgeOnQuotaError: true })],
  }),
);

// Signing out leaves nothing of the learner on the phone, whichever page did it.
registerRoute(
  ({ url, request, sameOrigin }) => sameOrigin && endsSession(url, request.method),
  async ({ request }) => {
    const response = await fetch(request);
    await changeOwner(visitorOwner);
    return response;
  },
  'POST',
);

// A visit while offline opens the kept shell; its screens then ask for their answers as usual.
registerRoute(
  ({ request, url, sameOrigin }) => sameOrigin && request.mode === 'navigate' && url.pathname.startsWith(appScope),
  async ({ request }) => {
    try {
      return await fetch(request);
    } catch (error) {
      const shell = await matchPrecache(`${appScope}index.html`);
      if (!shell) throw error;
      return shell;
    }
  },
);

// ----- Messages and life cycle ----------------------------------------------------------------

self.addEventListener('message', (event) => {
  const message = event.data as ToWorker | undefined;
  if (message?.type === 'offline-state' && event.source instanceof Client) {
    const note = offlineCopies.get(event.source.id);
    if (note !== undefined) event.source.postMessage(note satisfies FromWorker);
  } else if (message?.type === 'SKIP_WAITING') {
    void self.skipWaiting();
  }
});

// The first version takes the page that installed it at once (nothing older to clash with); a
// later one waits for the learner's "reload" (SKIP_WAITING), so no page runs half old, half new.
self.addEventListener('activate', (event) => {
  event.waitUntil(self.clients.claim());
});
