import type { PullToRefreshProps } from 'antd-mobile/es/components/pull-to-refresh';
import { useRef } from 'react';
import { deferredModule } from '../../lib/deferred-module';
import { useIdleLoad } from '../../lib/use-idle-load';

// A render function, not a component: the element's type stays antd's own component.
const pullToRefresh = deferredModule(() =>
  import('antd-mobile/es/components/pull-to-refresh').then(
    ({ default: PullToRefresh }) =>
      (props: PullToRefreshProps) => <PullToRefresh {...props} />,
  ),
);

/**
 * antd-mobile's PullToRefresh around `children`, fetched with its animation and gesture
 * libraries (~25 KB gzip) once the page has loaded and the browser is idle: the list paints and
 * scrolls without waiting for it, and nobody pulls a list before it has painted. It wraps the
 * list when nobody is touching it or focused inside it (the list's markup is rebuilt once, at
 * the same size: antd's head is 0 px high at rest). On later screens it is there at once.
 */
export function PullToRefreshWhenIdle({ children, ...props }: PullToRefreshProps) {
  const box = useRef<HTMLDivElement>(null);
  const renderPullToRefresh = useIdleLoad(pullToRefresh, box);
  return <div ref={box}>{renderPullToRefresh ? renderPullToRefresh({ ...props, children }) : children}</div>;
}
