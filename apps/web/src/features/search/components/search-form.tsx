import type { SearchType } from '@school/contract/enums';
import { useRef } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { KeywordSearchForm } from '../../../components/form/keyword-search-form';
import { CloseCircleIcon } from '../../../components/ui/icons';

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
  const input = useRef<HTMLInputElement>(null);

  const search = (text: string) => {
    if (!text.trim()) {
      input.current?.focus();
      return;
    }
    onSearch(text);
    // Closes the on-screen keyboard so the results can be seen.
    input.current?.blur();
  };

  return (
    <KeywordSearchForm
      field={input}
      keyword={keyword}
      onSearch={search}
      label={t('search.inputLabel')}
      placeholder={t('search.placeholder')}
      name="keyword"
      autoComplete="off"
      // Opening the screen means the learner wants to type; coming back to results does not.
      autoFocus={keyword === ''}
      renderBoxEnd={(text, setText) =>
        text ? (
          <button
            type="button"
            onClick={() => {
              setText('');
              onClear();
              input.current?.focus();
            }}
            aria-label={t('search.clearInput')}
            className="-mr-2 flex size-9 shrink-0 items-center justify-center text-base text-ink-subtle"
            data-testid="search-clear"
          >
            <CloseCircleIcon />
          </button>
        ) : null
      }
      className="flex items-center gap-2 px-3 py-2"
      testId="search-input"
      formTestId="search-form"
      hiddenFields={<input type="hidden" name="type" value={type} />}
    >
      <button
        type="submit"
        className="h-9 shrink-0 rounded-full px-2 text-sm font-medium text-brand-strong"
        data-testid="search-submit"
      >
        {t('search.submit')}
      </button>
    </KeywordSearchForm>
  );
}
