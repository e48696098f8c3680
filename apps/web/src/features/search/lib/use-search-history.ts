import { useSyncExternalStore } from 'react';
import { searchHistory, type SearchHistory } from './search-history';

/** The recent keywords, re-rendering when they change (added on search, cleared by the learner). */
export function useSearchHistory(history: SearchHistory = searchHistory): readonly string[] {
  return useSyncExternalStore(history.subscribe, history.list, history.list);
}
