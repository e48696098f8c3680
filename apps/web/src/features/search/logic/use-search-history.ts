import { useSyncExternalStore } from 'react';
import { searchHistory, type SearchHistory } from './search-history';

// The server renders the search screen without a history (it lives on the learner's device):
// hydration starts from the same empty list, then shows the stored one (decision 015).
const none: readonly string[] = [];
const serverSnapshot = () => none;

/** The recent keywords, re-rendering when they change (added on search, cleared by the learner). */
export function useSearchHistory(history: SearchHistory = searchHistory): readonly string[] {
  return useSyncExternalStore(history.subscribe, history.list, serverSnapshot);
}
