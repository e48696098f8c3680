import { useState } from 'react';

/**
 * A search field's text: typing edits it, and it takes the keyword on screen whenever that
 * changes from outside (back/forward, a history entry). Adjusted while rendering, React's way of
 * deriving state from a prop, so the field never shows a stale keyword for a frame.
 */
export function useKeywordDraft(keyword: string): [string, (text: string) => void] {
  const [draft, setDraft] = useState(keyword);
  const [shownKeyword, setShownKeyword] = useState(keyword);
  if (shownKeyword !== keyword) {
    setShownKeyword(keyword);
    setDraft(keyword);
  }
  return [draft, setDraft];
}
