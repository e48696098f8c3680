import type { SearchType } from '@school/contract/enums';

/** Query keys of the search screen. */
export const searchKeys = {
  all: ['search'] as const,
  results: (type: SearchType, keyword: string) => [...searchKeys.all, type, keyword] as const,
};
