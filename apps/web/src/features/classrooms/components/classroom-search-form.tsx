import { useId, useRef, type FormEvent } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { SearchIcon } from '../../../components/ui/icons';
import { useKeywordDraft } from '../../../lib/use-keyword-draft';
import { keywordMax } from '../logic/classroom-filters';

/** The keyword box: searched on submit (the keyboard's search key), so each query is one request. */
export function ClassroomSearchForm({ keyword, onSearch }: { keyword: string; onSearch(keyword: string): void }) {
  const { t } = useTranslation();
  const inputId = useId();
  const field = useRef<HTMLInputElement>(null);
  const [text, setText] = useKeywordDraft(keyword, field);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(text);
  };

  return (
    <form role="search" onSubmit={submit} className="flex items-center gap-2 bg-surface px-3 py-2">
      <label htmlFor={inputId} className="sr-only">
        {t('classrooms.list.searchLabel')}
      </label>
      <div className="relative min-w-0 flex-1">
        <SearchIcon className="pointer-events-none absolute top-1/2 left-3 -translate-y-1/2 text-base text-ink-subtle" />
        <input
          ref={field}
          id={inputId}
          type="search"
          enterKeyHint="search"
          value={text}
          maxLength={keywordMax}
          onChange={(event) => setText(event.target.value)}
          placeholder={t('classrooms.list.searchPlaceholder')}
          data-testid="classroom-search-input"
          className="h-9 w-full rounded-full border border-line bg-canvas pr-3 pl-9 text-sm text-ink placeholder:text-ink-subtle"
        />
      </div>
      <button
        type="submit"
        className="h-9 shrink-0 rounded-full bg-brand-strong px-4 text-sm font-medium text-white active:opacity-80"
      >
        {t('classrooms.list.search')}
      </button>
    </form>
  );
}
