import { limits } from '@school/contract/limits';
import { useEffect, useId, useRef, type ReactNode, type RefObject } from 'react';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { useKeywordDraft } from '../../lib/use-keyword-draft';
import { SearchIcon } from '../ui/icons';

const typingPauseMs = 400;

interface KeywordSearchFormProps {
  /** The keyword on screen (from the address): the box follows it when it changes from outside. */
  keyword: string;
  /** `commit`: Enter or the keyboard's search key; else a pause in typing (`searchWhileTyping`). */
  onSearch(keyword: string, commit: boolean): void;
  /** The box's name for screen readers (its label is not shown). */
  label: string;
  placeholder: string;
  /** Also searches when typing pauses. */
  searchWhileTyping?: boolean;
  /** At the box's end, given its text and the way to change it: a button that empties it. */
  renderBoxEnd?: (text: string, setText: (text: string) => void) => ReactNode;
  /** The input's `name`: a form sent before the code has taken over asks the server for `?name=…`. */
  name?: string;
  autoComplete?: string;
  autoFocus?: boolean;
  /** A line around the box, where it stands on the page's own colour. */
  bordered?: boolean;
  className?: string;
  testId: string;
  formTestId?: string;
  /** Before the box: hidden fields a search sent before the code runs carries along. */
  hiddenFields?: ReactNode;
  /** After the box: a submit button. */
  children?: ReactNode;
  /** The input, for a screen that moves the focus (one the box makes itself when not given). */
  field?: RefObject<HTMLInputElement | null>;
}

/**
 * A keyword box (role="search"): the search screen's, and the course and classroom lists'. It
 * follows the keyword on screen, and on a page the server rendered it keeps what the learner
 * typed before the code took over (useKeywordDraft).
 */
export function KeywordSearchForm({
  keyword,
  onSearch,
  label,
  placeholder,
  searchWhileTyping = false,
  renderBoxEnd,
  name,
  autoComplete,
  autoFocus,
  bordered = false,
  className,
  testId,
  formTestId,
  hiddenFields,
  children,
  field: givenField,
}: KeywordSearchFormProps) {
  const inputId = useId();
  const ownField = useRef<HTMLInputElement>(null);
  const field = givenField ?? ownField;
  const [draft, setDraft] = useKeywordDraft(keyword, field, searchWhileTyping);

  const paused = useDebouncedValue(draft, typingPauseMs);
  const latest = useRef({ keyword, onSearch, searchWhileTyping });
  useEffect(() => {
    latest.current = { keyword, onSearch, searchWhileTyping };
  });
  // A pause in typing searches, unless the address already says the same.
  useEffect(() => {
    const { keyword: current, onSearch: search, searchWhileTyping: searching } = latest.current;
    if (searching && paused.trim() !== current) search(paused, false);
  }, [paused]);

  return (
    <form
      role="search"
      onSubmit={(event) => {
        event.preventDefault();
        onSearch(draft, true);
      }}
      className={className}
      data-testid={formTestId}
    >
      {hiddenFields}
      <label htmlFor={inputId} className="sr-only">
        {label}
      </label>
      {/* The box draws the focus ring: the input inside it has no outline of its own. */}
      <div
        className={`flex h-9 min-w-0 flex-1 items-center gap-2 rounded-full bg-canvas px-3 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-strong ${
          bordered ? 'border border-line' : ''
        }`}
      >
        <SearchIcon className="shrink-0 text-base text-ink-subtle" />
        <input
          ref={field}
          id={inputId}
          name={name}
          type="search"
          enterKeyHint="search"
          autoComplete={autoComplete}
          autoFocus={autoFocus}
          maxLength={limits.keywordMax}
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          placeholder={placeholder}
          // A box with a clear button of its own hides the browser's.
          className={`h-full min-w-0 flex-1 bg-transparent text-sm text-ink outline-none placeholder:text-ink-subtle ${
            renderBoxEnd ? '[&::-webkit-search-cancel-button]:appearance-none' : ''
          }`}
          data-testid={testId}
        />
        {renderBoxEnd?.(draft, setDraft)}
      </div>
      {children}
    </form>
  );
}

/**
 * Hidden copies of the address's other parameters, for a GET form whose box names one of them:
 * sent before the code has taken over, the form replaces the whole query, and the list's filters
 * (category, tag, sort) and anything foreign must come along.
 */
export function KeptQueryFields({ query, except }: { query: URLSearchParams; except: string }) {
  return [...query]
    .filter(([key]) => key !== except)
    .map(([key, value], index) => <input key={`${key}.${index}`} type="hidden" name={key} value={value} />);
}
