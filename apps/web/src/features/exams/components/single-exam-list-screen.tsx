import { useTranslation } from '../../../lib/i18n';
import { InfiniteList } from '../../../components/catalogue/infinite-list';
import { ProductCardSkeleton } from '../../../components/catalogue/product-card';
import { ScreenLayout } from '../../../components/layout/screen-layout';
import { EmptyState } from '../../../components/ui/state-message';
import { useExams } from '../api/get-exams';
import { ExamCard } from './exam-card';

/** The first covers a phone shows above the fold load at once. */
const eagerCards = 3;

/** /single/exams (EXAM_LIST): the exams, soonest start first, with infinite scroll and pull-to-refresh. */
export default function SingleExamListScreen() {
  const { t } = useTranslation();
  const query = useExams();
  return (
    <ScreenLayout title={t('route.singleExamList')}>
      {/* The cards' titles are h3: this keeps the outline h1 → h2 → h3. */}
      <h2 className="sr-only">{t('exams.list.label')}</h2>
      <InfiniteList
        query={query}
        label={t('exams.list.label')}
        itemKey={(exam) => exam.uid}
        renderItem={(exam, index) => <ExamCard exam={exam} eager={index < eagerCards} />}
        skeleton={
          <div className="space-y-3 p-3">
            {Array.from({ length: 4 }, (_, index) => (
              <ProductCardSkeleton key={index} />
            ))}
          </div>
        }
        empty={<EmptyState title={t('exams.list.empty')} />}
        className="space-y-3 p-3"
        testId="exam-list"
      />
    </ScreenLayout>
  );
}
