import type { SearchType } from '@school/contract/enums';
import type { SearchHit } from '@school/contract/search';
import { useTranslation } from '../../../lib/i18n';
import { InfiniteList } from '../../../components/catalogue/infinite-list';
import { ProductCardSkeleton } from '../../../components/catalogue/product-card';
import { SearchIcon } from '../../../components/ui/icons';
import { StateMessage } from '../../../components/ui/state-message';
import { useSearchResults } from '../api/get-search-results';
import { SearchHitItem } from './search-hit-item';

function TeacherSkeleton() {
  return (
    <div aria-hidden="true" className="flex gap-3 rounded-card bg-surface p-3">
      <div className="size-12 shrink-0 animate-pulse rounded-full bg-line" />
      <div className="flex flex-1 flex-col gap-2 pt-1">
        <div className="h-4 w-1/3 animate-pulse rounded bg-line" />
        <div className="h-3 w-1/2 animate-pulse rounded bg-line" />
      </div>
    </div>
  );
}

/** The hits of one tab for one keyword, page after page as the learner scrolls. */
export function SearchResults({ type, keyword }: { type: SearchType; keyword: string }) {
  const { t } = useTranslation();
  const query = useSearchResults(type, keyword);
  const typeName = t(`search.type.${type}`);
  const Skeleton = type === 'TEACHER' ? TeacherSkeleton : ProductCardSkeleton;

  return (
    <InfiniteList<SearchHit>
      query={query}
      label={t('search.resultsLabel', { type: typeName })}
      itemKey={(hit) => `${hit.type}-${hit.key}`}
      renderItem={(hit) => <SearchHitItem hit={hit} />}
      className="space-y-2 px-3 pt-3"
      testId="search-results"
      skeleton={
        <div className="space-y-2 px-3 pt-3">
          {[0, 1, 2, 3, 4].map((i) => (
            <Skeleton key={i} />
          ))}
        </div>
      }
      empty={
        <div data-testid="search-no-results">
          <StateMessage
            icon={<SearchIcon />}
            title={t('search.noResults.title')}
            description={t('search.noResults.description', { keyword, type: typeName })}
          />
        </div>
      }
    />
  );
}
