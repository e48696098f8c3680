import { searchTypes, type SearchType } from '@school/contract/enums';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from '../../../lib/i18n';
import { SectionTabs } from '../../../components/catalogue/section-tabs';
import { ScreenLayout } from '../../../components/layout/screen-layout';
import { normalizeKeyword, searchHistory } from '../logic/search-history';
import { readSearchState, searchStateParams, type SearchState } from '../logic/search-params';
import { SearchForm } from './search-form';
import { SearchHistoryPanel } from './search-history-panel';
import { SearchResults } from './search-results';

/**
 * /search?type=…&keyword=…: one tab per kind of result. The address holds the state, so back,
 * reload and shared links show the same results; a new search is a new history entry, a tab
 * switch is not.
 */
export default function SearchScreen() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const { type, keyword } = readSearchState(params);

  const show = (next: SearchState, replace: boolean) => setParams(searchStateParams(next), { replace });

  // A keyword whose results are shown is remembered however it came: typed here, a history
  // entry, or a search the browser sent as a plain form before the code had taken the page over
  // (decision 015), whose results page the server rendered.
  useEffect(() => {
    if (keyword) searchHistory.add(keyword);
  }, [keyword]);

  const search = (text: string) => {
    const next = normalizeKeyword(text);
    if (!next) return;
    show({ type, keyword: next }, next === keyword);
  };

  return (
    <ScreenLayout title={t('route.search')} back>
      <div className="bg-surface">
        <SearchForm keyword={keyword} type={type} onSearch={search} onClear={() => show({ type, keyword: '' }, true)} />
      </div>
      <SectionTabs
        tabs={searchTypes.map((key) => ({ key, label: t(`search.type.${key}`) }))}
        active={type}
        onChange={(key: SearchType) => show({ type: key, keyword }, true)}
        label={t('search.typesLabel')}
        idBase="search"
      >
        {keyword ? (
          <SearchResults key={`${type}:${keyword}`} type={type} keyword={keyword} />
        ) : (
          <SearchHistoryPanel type={type} />
        )}
      </SectionTabs>
    </ScreenLayout>
  );
}
