import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { SearchIcon } from '../../../components/ui/icons';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { keywordMax } from '../logic/course-filters';

interface CourseSearchBoxProps {
  /** The keyword in the URL. */
  keyword: string;
  /** `commit`: the learner pressed Enter (a history entry), else a pause in typing (replaced). */
  onSearch(keyword: string, commit: boolean): void;
}

const typingPauseMs = 400;

/** The keyword box: searches when typing pauses, at once on Enter. */
export function CourseSearchBox({ keyword, onSearch }: CourseSearchBoxProps) {
  const { t } = useTranslation();
  const [text, setText] = useState(keyword);
  const debounced = useDebouncedValue(text, typingPauseMs);
  const latest = useRef({ keyword, onSearch });
  useEffect(() => {
    latest.current = { keyword, onSearch };
  });

  // A pause in typing searches, unless the URL already says the same.
  useEffect(() => {
    const { keyword: current, onSearch: search } = latest.current;
    if (debounced.trim() !== current) search(debounced, false);
  }, [debounced]);

  // Back/forward changed the URL: the box follows it (adjusted while rendering, React's way of
  // deriving from a prop). Our own writes carry what is in the box, so typing is never undone;
  // replacing the text also restarts the pause, so the old text is not searched again.
  const [seenKeyword, setSeenKeyword] = useState(keyword);
  if (keyword !== seenKeyword) {
    setSeenKeyword(keyword);
    if (keyword !== text.trim()) setText(keyword);
  }

  return (
    <form
      role="search"
      onSubmit={(event) => {
        event.preventDefault();
        onSearch(text, true);
      }}
      className="relative"
    >
      <SearchIcon
        aria-hidden="true"
        className="pointer-events-none absolute left-3 top-1/2 -translate-y-1/2 text-ink-subtle"
      />
      <input
        type="search"
        enterKeyHint="search"
        aria-label={t('courses.search.label')}
        placeholder={t('courses.search.placeholder')}
        maxLength={keywordMax}
        value={text}
        onChange={(event) => setText(event.target.value)}
        className="h-9 w-full rounded-full bg-canvas pl-9 pr-3 text-sm text-ink placeholder:text-ink-subtle"
        data-testid="course-search"
      />
    </form>
  );
}
