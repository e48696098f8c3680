import { useTranslation } from '../../../lib/i18n';
import { useSearchParams } from 'react-router';
import { KeptQueryFields, KeywordSearchForm } from '../../../components/form/keyword-search-form';

interface CourseSearchBoxProps {
  /** The keyword in the URL. */
  keyword: string;
  /** `commit`: the learner pressed Enter (a history entry), else a pause in typing (replaced). */
  onSearch(keyword: string, commit: boolean): void;
}

/** The keyword box: searches when typing pauses, at once on Enter. */
export function CourseSearchBox({ keyword, onSearch }: CourseSearchBoxProps) {
  const { t } = useTranslation();
  const [query] = useSearchParams();
  return (
    <KeywordSearchForm
      keyword={keyword}
      onSearch={onSearch}
      searchWhileTyping
      label={t('courses.search.label')}
      placeholder={t('courses.search.placeholder')}
      name="keyword"
      hiddenFields={<KeptQueryFields query={query} except="keyword" />}
      testId="course-search"
    />
  );
}
