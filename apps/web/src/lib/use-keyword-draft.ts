import { useEffect, useState, type RefObject } from 'react';

/**
 * A search field's text: typing edits it, and it takes the keyword on screen whenever that
 * changes from outside (back/forward, a history entry). Adjusted while rendering, React's way of
 * deriving state from a prop, so the field never shows a stale keyword for a frame. A field that
 * searches while the learner types (`searchesWhileTyping`) keeps its text when the new keyword is
 * that text trimmed, its own search: a pause never takes away the space just typed.
 *
 * On a page the server rendered (decision 015), what the learner typed before the code took the
 * field over is in the field but not in this state: it is taken in once, when the field becomes
 * the code's, or their enter would search for nothing.
 */
export function useKeywordDraft(
  keyword: string,
  field: RefObject<HTMLInputElement | null>,
  searchesWhileTyping = false,
): [string, (text: string) => void] {
  const [draft, setDraft] = useState(keyword);
  const [shownKeyword, setShownKeyword] = useState(keyword);
  if (shownKeyword !== keyword) {
    setShownKeyword(keyword);
    if (!searchesWhileTyping || keyword !== draft.trim()) setDraft(keyword);
  }
  useEffect(() => {
    const typed = field.current?.value ?? draft;
    // The field is the outside system here: the browser kept what was typed before hydration.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    if (typed !== draft) setDraft(typed);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, when the field becomes the code's
  }, []);
  return [draft, setDraft];
}
