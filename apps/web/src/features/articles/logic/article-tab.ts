import type { ArticleTab } from '@school/contract/articles';

/**
 * The tabs in screen order. Declared here, not imported as a value from the contract, whose
 * module would bring zod into this screen's chunk.
 */
export const articleTabOrder = ['latest', 'recommended', 'popular'] as const satisfies readonly ArticleTab[];

/** The tab in `/articles?tab=…` (a home list's "more" link opens its own); unknown is latest. */
export function readArticleTab(value: string | null): ArticleTab {
  return articleTabOrder.find((tab) => tab === value) ?? 'latest';
}
