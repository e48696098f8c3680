import type { SearchType } from '@school/contract/enums';
import { useId } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { Link } from '../../../components/ui/router-link';
import { SearchIcon, TrashIcon } from '../../../components/ui/icons';
import { StateMessage } from '../../../components/ui/state-message';
import { confirmDialog } from '../../../lib/confirm-dialog';
import { searchHistory as defaultHistory, type SearchHistory } from '../logic/search-history';
import { searchHref } from '../logic/search-params';
import { useSearchHistory } from '../logic/use-search-history';

/**
 * What the screen shows before a search: the recent keywords (each a link to its results on the
 * current tab, which the screen moves to the top once shown) with a "clear" that asks first, or
 * an invitation when there are none.
 */
export function SearchHistoryPanel({ type, history = defaultHistory }: { type: SearchType; history?: SearchHistory }) {
  const { t } = useTranslation();
  const headingId = useId();
  const entries = useSearchHistory(history);

  if (entries.length === 0) {
    return (
      <div data-testid="search-start">
        <StateMessage
          icon={<SearchIcon />}
          title={t('search.start.title')}
          description={t('search.start.description')}
        />
      </div>
    );
  }

  const clear = async () => {
    const confirmed = await confirmDialog({
      title: t('search.clearHistoryTitle'),
      content: t('search.clearHistoryContent'),
      confirmText: t('search.clearHistoryConfirm'),
      cancelText: t('search.cancel'),
    });
    if (confirmed) history.clear();
  };

  return (
    <section aria-labelledby={headingId} className="mt-2 bg-surface px-4 py-3" data-testid="search-history">
      <div className="flex items-center justify-between">
        <h2 id={headingId} className="text-sm font-semibold text-ink">
          {t('search.history')}
        </h2>
        <button
          type="button"
          onClick={() => void clear()}
          className="-mr-2 flex h-9 items-center gap-1 px-2 text-xs text-ink-muted"
          data-testid="search-history-clear"
        >
          <TrashIcon className="text-sm" />
          {t('search.clearHistory')}
        </button>
      </div>
      <ul className="mt-2 flex flex-wrap gap-2" aria-labelledby={headingId}>
        {entries.map((entry) => (
          <li key={entry} className="max-w-full">
            <Link
              to={searchHref({ type, keyword: entry })}
              className="block max-w-full truncate rounded-full bg-canvas px-3 py-1.5 text-sm text-ink"
              data-testid="search-history-item"
            >
              {entry}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
