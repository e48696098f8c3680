import type { Page } from '@school/contract/common';

/** The page after `last`, or undefined when `last` reached the total (TanStack's "no more"). */
export function nextPageParam(last: Page<unknown>): number | undefined {
  return last.page * last.pageSize < last.total && last.items.length > 0 ? last.page + 1 : undefined;
}

/** Every item of the pages loaded so far, in order. */
export function itemsOfPages<T>(pages: readonly Page<T>[] | undefined): T[] {
  return pages ? pages.flatMap((page) => page.items) : [];
}
