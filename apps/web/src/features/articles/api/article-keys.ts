import type { ArticleTab } from '@school/contract/articles';

/** Query keys of the news screens. */
export const articleKeys = {
  all: ['articles'] as const,
  list: (tab: ArticleTab) => [...articleKeys.all, 'list', tab] as const,
  detail: (id: number) => [...articleKeys.all, 'detail', id] as const,
};
