import { useTranslation } from '../../../lib/i18n';
import { useSearchParams } from 'react-router';
import { KeptQueryFields, KeywordSearchForm } from '../../../components/form/keyword-search-form';

/** The keyword box: searched on submit (the keyboard's search key), so each query is one request. */
export function ClassroomSearchForm({ keyword, onSearch }: { keyword: string; onSearch(keyword: string): void }) {
  const { t } = useTranslation();
  const [query] = useSearchParams();
  return (
    <KeywordSearchForm
      keyword={keyword}
      onSearch={(text) => onSearch(text)}
      label={t('classrooms.list.searchLabel')}
      placeholder={t('classrooms.list.searchPlaceholder')}
      bordered
      className="flex items-center gap-2 bg-surface px-3 py-2"
      name="keyword"
      hiddenFields={<KeptQueryFields query={query} except="keyword" />}
      testId="classroom-search-input"
    >
      <button
        type="submit"
        className="h-9 shrink-0 rounded-full bg-brand-strong px-4 text-sm font-medium text-on-brand active:opacity-80"
      >
        {t('classrooms.list.search')}
      </button>
    </KeywordSearchForm>
  );
}
