// The offline worker's kill switch: the server sends this at the worker's address when
// OFFLINE_APP=false. It takes over at once, deletes every cache the app made, removes itself,
// and reloads the pages it held, which then come from the network as if it had never been.
self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      await Promise.all((await caches.keys()).map((name) => caches.delete(name)));
      await self.registration.unregister();
      const pages = await self.clients.matchAll({ type: 'window' });
      await Promise.all(pages.map((page) => page.navigate(page.url)));
    })(),
  );
});
