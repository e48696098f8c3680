import type { SearchType } from '@school/contract/enums';
import { useId, useRef, type FormEvent } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { CloseCircleIcon, SearchIcon } from '../../../components/ui/icons';
import { useKeywordDraft } from '../../../lib/use-keyword-draft';
import { keywordMaxLength } from '../lib/search-history';

interface SearchFormProps {
  /** The keyword of the results on screen (from the address). */
  keyword: string;
  /** The tab on screen: a search sent before the code runs (below) stays on it. */
  type: SearchType;
  onSearch(keyword: string): void;
  onClear(): void;
}

/**
 * The search field: enter (or the keyboard's search key) searches, the clear button empties it
 * and puts the cursor back. It takes the keyword on screen whenever that changes from outside
 * (a history entry, the back button). On a page the server rendered, a search sent before the
 * code has taken over is an ordinary form: the browser asks for `?type=…&keyword=…`, which the
 * server renders with its results.
 */
export function SearchForm({ keyword, type, onSearch, onClear }: SearchFormProps) {
  const { t } = useTranslation();
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [draft, setDraft] = useKeywordDraft(keyword, input);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!draft.trim()) {
      input.current?.focus();
      return;
    }
    onSearch(draft);
    // Closes the on-screen keyboard so the results can be seen.
    input.current?.blur();
  };

  return (
    <form role="search" onSubmit={submit} className="flex items-center gap-2 px-3 py-2" data-testid="search-form">
      <input type="hidden" name="type" value={type} />
      <label htmlFor={inputId} className="sr-only">
        {t('search.inputLabel')}
      </label>
      <div className="flex h-9 min-w-0 flex-1 items-center gap-2 rounded-full bg-canvas px-3">
        <SearchIcon className="shrink-0 text-base text-ink-subtle" />
        <input
          ref={input}
          id={inputId}
          name="keyword"
          type="search"
          enterKeyHint="search"
          autoComplete="off"
          // Opening the screen means the learner wants to type; coming back to results does not.
          autoFocus={keyword === ''}
          maxLength={keywordMaxLength}
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          placeholder={t('search.placeholder')}
          className="h-full min-w-0 flex-1 bg-transparent text-sm text-ink outline-none placeholder:text-ink-subtle [&::-webkit-search-cancel-button]:appearance-none"
          data-testid="search-input"
        />
        {draft ? (
          <button
            type="button"
            onClick={() => {
              setDraft('');
              onClear();
              input.current?.focus();
            }}
            aria-label={t('search.clearInput')}
            className="-mr-2 flex size-9 shrink-0 items-center justify-center text-base text-ink-subtle"
            data-testid="search-clear"
          >
            <CloseCircleIcon />
          </button>
        ) : null}
      </div>
      <button
        type="submit"
        className="h-9 shrink-0 rounded-full px-2 text-sm font-medium text-brand-strong"
        data-testid="search-submit"
      >
        {t('search.submit')}
      </button>
    </form>
  );
}
