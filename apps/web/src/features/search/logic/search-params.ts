import { searchTypes, type SearchType } from '@school/contract/enums';
import type { SearchHit } from '@school/contract/search';
import { href } from '../../../config/route-paths';
import { normalizeKeyword } from './search-history';

export interface SearchState {
  type: SearchType;
  keyword: string;
}

const isSearchType = (value: string | null): value is SearchType =>
  value !== null && (searchTypes as readonly string[]).includes(value);

/**
 * The search screen keeps its tab and keyword in the address (`/search?type=EXAM&keyword=…`),
 * so a reload, a shared link or the back button lands on the same results. Anything unknown
 * falls back to courses and no keyword rather than an error.
 */
export function readSearchState(params: URLSearchParams): SearchState {
  const type = params.get('type');
  return {
    type: isSearchType(type) ? type : 'COURSE',
    keyword: normalizeKeyword(params.get('keyword') ?? ''),
  };
}

/** The query string of a search state; URLSearchParams percent-encodes Chinese as UTF-8. */
export function searchStateParams({ type, keyword }: SearchState): URLSearchParams {
  const params = new URLSearchParams({ type });
  const text = normalizeKeyword(keyword);
  if (text) params.set('keyword', text);
  return params;
}

/** In-app path of the search screen for a state. */
export function searchHref(state: SearchState): string {
  const { type, keyword } = state;
  const text = normalizeKeyword(keyword);
  return href('search', {}, { type, keyword: text || undefined });
}

/**
 * Where a hit leads: the product's detail page; a live lesson opens its course. Teachers have
 * no page of their own, so they have no link.
 */
export function searchHitHref(hit: Pick<SearchHit, 'type' | 'key'>): string | null {
  switch (hit.type) {
    case 'COURSE':
    case 'LIVE':
      return href('courseDetail', { uid: hit.key });
    case 'PROJECT':
      return href('classroomDetail', { uid: hit.key });
    case 'EXAM':
      return href('singleExamDetail', { uid: hit.key });
    case 'TEACHER':
      return null;
  }
}
