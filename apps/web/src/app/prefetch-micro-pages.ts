import { QueryObserver, type QueryClient } from '@tanstack/react-query';
import { storageKeys } from '../config/storage-keys';
import { microPageQueryOptions } from '../features/micro-page/api/get-micro-page';
import { tabsQueryOptions } from '../features/shell/api/get-tabs';
import { preloadImages, type ScreenPrefetch } from '../lib/screen-prefetch';
import { storage } from '../lib/storage';

/*
 * Micro pages' first reads, started by app start-up (see ScreenPrefetch). Their largest paint
 * is the top banner or image ad, whose address only the page names: it is preloaded as soon as
 * the page arrives, before the screen's code has rendered it.
 */

function prefetchPage(client: QueryClient, id: number): void {
  if (!Number.isSafeInteger(id) || id <= 0) return;
  const page = microPageQueryOptions(id);
  void client.prefetchQuery(page).then(() => {
    const top = client.getQueryData(page.queryKey)?.components.find((c) => c.kind === 'banner' || c.kind === 'imageAd');
    preloadImages([top?.kind === 'banner' ? top.items[0]?.image : top?.kind === 'imageAd' ? top.image : undefined]);
  });
}

/** /home/:id and /micro/page/:id name their page. */
export const prefetchMicroPage: ScreenPrefetch = (client, { params }) => prefetchPage(client, Number(params.id));

/**
 * /: the first tab's micro page. The tabs come from the layout load (docs/product.md#layout-load fixes its order),
 * so this only watches for them, like the homepage screen does; the id stored on the last
 * visit starts loading at once.
 */
export const prefetchHomepage: ScreenPrefetch = (client) => {
  const stored = storage.get<number>(storageKeys.homepageMicroPageId);
  if (stored !== null) prefetchPage(client, stored);
  const observer = new QueryObserver(client, { ...tabsQueryOptions(), enabled: false });
  const stop = observer.subscribe((result) => {
    if (result.data === undefined && !result.isError) return;
    stop();
    const id = result.data?.[0]?.microPage?.id;
    if (id !== undefined && id !== stored) prefetchPage(client, id);
  });
};
