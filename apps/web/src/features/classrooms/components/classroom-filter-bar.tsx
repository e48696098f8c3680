import type { Category } from '@school/contract/catalogue';
import { productSortKeys, type ProductSortKey } from '@school/contract/enums';
import { useTranslation } from '../../../lib/i18n';
import { categoryLevels } from '../logic/category-levels';

const chip = (selected: boolean) =>
  `shrink-0 rounded-full px-3 py-1 text-xs whitespace-nowrap ${
    selected ? 'bg-brand-strong font-medium text-on-brand' : 'bg-canvas text-ink-muted'
  }`;

interface ClassroomFilterBarProps {
  categories: readonly Category[];
  categoryId: number | undefined;
  sort: ProductSortKey;
  onCategory(id: number | undefined): void;
  onSort(sort: ProductSortKey): void;
}

/**
 * Category tree and sort as rows of toggle buttons: the roots first, then one row per chosen
 * level with "All" (the parent itself). Each row is a labelled group; the chosen chip is pressed.
 */
export function ClassroomFilterBar({ categories, categoryId, sort, onCategory, onSort }: ClassroomFilterBarProps) {
  const { t } = useTranslation();
  const levels = categories.length ? categoryLevels(categories, categoryId) : [];

  return (
    <div className="space-y-2 border-b border-line bg-surface px-3 pt-1 pb-2.5">
      {levels.map((level, index) => (
        <div
          key={level.parent?.id ?? 'root'}
          role="group"
          aria-label={level.parent ? level.parent.name : t('classrooms.filter.category')}
          className="flex gap-2 overflow-x-auto [scrollbar-width:none]"
          data-testid={`category-level-${index}`}
        >
          <button
            type="button"
            aria-pressed={level.selectedId === null}
            onClick={() => onCategory(level.parent?.id)}
            className={chip(level.selectedId === null)}
          >
            {level.parent ? t('classrooms.filter.all') : t('classrooms.filter.allCategories')}
          </button>
          {level.options.map((option) => (
            <button
              key={option.id}
              type="button"
              aria-pressed={level.selectedId === option.id}
              onClick={() => onCategory(option.id)}
              className={chip(level.selectedId === option.id)}
              data-testid="category-option"
            >
              {option.name}
            </button>
          ))}
        </div>
      ))}
      <div
        role="group"
        aria-label={t('classrooms.filter.sort')}
        className="flex gap-2 overflow-x-auto [scrollbar-width:none]"
        data-testid="classroom-sort"
      >
        {productSortKeys.map((key) => (
          <button
            key={key}
            type="button"
            aria-pressed={sort === key}
            onClick={() => onSort(key)}
            className={chip(sort === key)}
            data-testid={`sort-${key}`}
          >
            {t(`classrooms.sort.${key}`)}
          </button>
        ))}
      </div>
    </div>
  );
}
