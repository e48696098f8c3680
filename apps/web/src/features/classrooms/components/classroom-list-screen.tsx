import type { ProductSortKey } from '@school/contract/enums';
import { useTranslation } from '../../../lib/i18n';
import { useSearchParams } from 'react-router';
import { InfiniteList } from '../../../components/catalogue/infinite-list';
import { ProductCardSkeleton } from '../../../components/catalogue/product-card';
import { ScreenLayout } from '../../../components/layout/screen-layout';
import { EmptyState } from '../../../components/ui/state-message';
import { useClassrooms } from '../api/get-classrooms';
import { useProjectCategories } from '../api/get-project-categories';
import {
  defaultSort,
  parseClassroomFilters,
  withClassroomFilters,
  type ClassroomFilterChange,
} from '../logic/classroom-filters';
import { ClassroomCard } from './classroom-card';
import { ClassroomFilterBar } from './classroom-filter-bar';
import { ClassroomSearchForm } from './classroom-search-form';

/** How many covers load at once: the first cards are what a phone shows above the fold. */
const eagerCards = 3;

/**
 * /classrooms (PROJECT_LIST): keyword, category tree and sort in the URL query (a tab's
 * `categoryId` preselects), infinite scroll with pull-to-refresh.
 */
export default function ClassroomListScreen() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const filters = parseClassroomFilters(params);
  const query = useClassrooms(filters);
  const categories = useProjectCategories();
  const filtered = filters.keyword !== undefined || filters.categoryId !== undefined;

  // Replace, not push: a learner trying filters should not have to go back through each one.
  const change = (next: ClassroomFilterChange) => setParams(withClassroomFilters(params, next), { replace: true });

  return (
    <ScreenLayout title={t('route.classroomList')}>
      <ClassroomSearchForm keyword={filters.keyword ?? ''} onSearch={(keyword) => change({ keyword })} />
      <ClassroomFilterBar
        categories={categories.data?.items ?? []}
        categoryId={filters.categoryId}
        sort={filters.sort ?? defaultSort}
        onCategory={(categoryId) => change({ categoryId })}
        onSort={(sort: ProductSortKey) => change({ sort })}
      />
      {/* The cards' titles are h3: this keeps the outline h1 → h2 → h3. */}
      <h2 className="sr-only">{t('classrooms.list.label')}</h2>
      <InfiniteList
        query={query}
        label={t('classrooms.list.label')}
        itemKey={(classroom) => classroom.uid}
        renderItem={(classroom, index) => <ClassroomCard classroom={classroom} eager={index < eagerCards} />}
        skeleton={
          <div className="space-y-3 p-3">
            {Array.from({ length: 4 }, (_, index) => (
              <ProductCardSkeleton key={index} />
            ))}
          </div>
        }
        empty={
          <EmptyState
            title={t('classrooms.list.empty')}
            description={filtered ? t('classrooms.list.emptyFiltered') : undefined}
          />
        }
        className="space-y-3 p-3"
        testId="classroom-list"
      />
    </ScreenLayout>
  );
}
