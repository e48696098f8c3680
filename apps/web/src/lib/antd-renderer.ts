import type { Root } from 'react-dom/client';
import { createRoot } from 'react-dom/client';
import { deferredModule } from './deferred-module';

type Host = (Element | DocumentFragment) & { __schoolRoot?: Root };

const renderer = deferredModule(() =>
  import('antd-mobile/es/utils/unstable-render').then(({ unstableSetRender }) => {
    unstableSetRender((node, container) => {
      const host = container as Host;
      host.__schoolRoot ??= createRoot(host);
      host.__schoolRoot.render(node);
      return async () => {
        // Unmounting during antd's own render pass warns; the next task is safe.
        await new Promise((resolve) => setTimeout(resolve, 0));
        host.__schoolRoot?.unmount();
        delete host.__schoolRoot;
      };
    });
  }),
);

/**
 * antd-mobile 5 mounts Toast and Dialog through React 18's `render`, which React 19 removed:
 * without this they silently show nothing (decision 005). Installed by the first Toast or
 * Dialog, which await it beside their own chunk (so it costs that notice no extra round trip),
 * never at start-up: antd's render helper drags in rc-util and Babel helpers (~3.4 KB gzip)
 * the first screen does not need. Every caller of Toast/Dialog must await it.
 */
export function ensureAntdRenderer(): Promise<void> {
  // Fetched once; a failed fetch (offline at the first notice) is tried again by the next one.
  return renderer.load();
}
