import { productSortKeys, type ProductSortKey } from '@school/contract/enums';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { ChevronRightIcon } from '../../../components/ui/icons';
import { useCourseCategories } from '../api/get-course-categories';
import { useCourseTags } from '../api/get-course-tags';
import { categoryPath } from '../../../lib/category-tree';
import { sortOf, type CourseFilterChange, type CourseListFilters } from '../logic/course-filters';
import { CourseSearchBox } from './course-search-box';

const CategoryPicker = lazy(() => import('./category-picker'));

const sortMessageIds = {
  updatedTime: 'courses.sort.updatedTime',
  studentCount: 'courses.sort.studentCount',
  lowestPrice: 'courses.sort.lowestPrice',
  highestPrice: 'courses.sort.highestPrice',
} as const satisfies Record<ProductSortKey, string>;

interface CourseFilterBarProps {
  filters: CourseListFilters;
  /** `replace`: no history entry (typing). */
  onChange(change: CourseFilterChange, replace?: boolean): void;
}

/** Keyword, category, sort and tag filters of the course list. */
export function CourseFilterBar({ filters, onChange }: CourseFilterBarProps) {
  const { t } = useTranslation();
  const categories = useCourseCategories();
  const tags = useCourseTags();
  const [pickerOpen, setPickerOpen] = useState(false);
  const [pickerLoaded, setPickerLoaded] = useState(false);

  const path = categoryPath(categories.data ?? [], filters.categoryId);
  const categoryName =
    path.at(-1)?.name ?? (filters.categoryId ? t('courses.category.label') : t('courses.category.all'));

  const chipClass = (active: boolean) =>
    `shrink-0 rounded-full px-3 py-1 text-xs ${active ? 'bg-brand-strong text-on-brand' : 'bg-canvas text-ink-muted'}`;

  return (
    <div className="sticky top-11 z-10 space-y-2 border-b border-line bg-surface px-3 pb-2 pt-2">
      <CourseSearchBox keyword={filters.keyword ?? ''} onSearch={(keyword, commit) => onChange({ keyword }, !commit)} />
      {/* Two rows at the largest text sizes, so the category's name is never cut to a letter. */}
      <div className="flex flex-wrap items-center gap-2">
        <button
          type="button"
          aria-haspopup="dialog"
          aria-expanded={pickerOpen}
          onClick={() => {
            setPickerLoaded(true);
            setPickerOpen(true);
          }}
          className="flex h-8 min-w-[7rem] flex-1 items-center gap-1 rounded-lg bg-canvas px-3 text-sm text-ink"
          data-testid="course-category-button"
        >
          <span className="sr-only">{t('courses.category.label')}: </span>
          <span className="truncate">{categoryName}</span>
          <ChevronRightIcon className="ml-auto shrink-0 rotate-90 text-ink-subtle" />
        </button>
        <button
          type="button"
          aria-pressed={filters.price === 'free'}
          onClick={() => onChange({ price: filters.price === 'free' ? undefined : 'free' })}
          className={`h-8 shrink-0 rounded-lg px-3 text-sm ${filters.price === 'free' ? 'bg-brand-strong text-on-brand' : 'bg-canvas text-ink'}`}
          data-testid="course-free-only"
        >
          {t('courses.filter.free')}
        </button>
        <label className="flex h-8 shrink-0 items-center gap-1 rounded-lg bg-canvas px-2 text-sm text-ink">
          <span className="sr-only">{t('courses.sort.label')}</span>
          <select
            value={sortOf(filters)}
            onChange={(event) => onChange({ sort: event.target.value as ProductSortKey })}
            className="bg-transparent text-sm text-ink"
            data-testid="course-sort"
          >
            {productSortKeys.map((key) => (
              <option key={key} value={key}>
                {t(sortMessageIds[key])}
              </option>
            ))}
          </select>
        </label>
      </div>
      {tags.data && tags.data.length > 0 ? (
        <div role="group" aria-label={t('courses.tags.label')} className="-mx-3 flex gap-2 overflow-x-auto px-3">
          <button
            type="button"
            aria-pressed={filters.tagId === undefined}
            onClick={() => onChange({ tagId: undefined })}
            className={chipClass(filters.tagId === undefined)}
          >
            {t('courses.tags.all')}
          </button>
          {tags.data.map((tag) => (
            <button
              key={tag.id}
              type="button"
              aria-pressed={filters.tagId === tag.id}
              onClick={() => onChange({ tagId: filters.tagId === tag.id ? undefined : tag.id })}
              className={chipClass(filters.tagId === tag.id)}
            >
              {tag.name}
            </button>
          ))}
        </div>
      ) : null}
      {pickerLoaded ? (
        <Suspense fallback={null}>
          <CategoryPicker
            open={pickerOpen}
            tree={categories.data ?? []}
            selectedId={filters.categoryId}
            onSelect={(categoryId) => onChange({ categoryId })}
            onClose={() => setPickerOpen(false)}
          />
        </Suspense>
      ) : null}
    </div>
  );
}
