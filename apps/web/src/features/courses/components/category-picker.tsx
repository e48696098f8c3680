import type { Category } from '@school/contract/catalogue';
import Popup from 'antd-mobile/es/components/popup';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ChevronLeftIcon, ChevronRightIcon, CloseIcon } from '../../../components/ui/icons';
import { bySeq, categoryPath } from '../../../lib/category-tree';

interface CategoryPickerProps {
  open: boolean;
  tree: Category[];
  selectedId: number | undefined;
  /** undefined: all categories. */
  onSelect(id: number | undefined): void;
  onClose(): void;
}

/**
 * A bottom sheet walking the category tree one level at a time (up to the three levels of the
 * spec): a category with sub-categories opens them, with "All of …" choosing the category
 * itself. Built from buttons in a named dialog rather than antd's CascaderView, whose options
 * carry no accessible state; loaded only when first opened.
 */
export default function CategoryPicker({ open, tree, selectedId, onSelect, onClose }: CategoryPickerProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const firstRef = useRef<HTMLButtonElement>(null);
  const returnFocus = useRef<HTMLElement | null>(null);
  // Opens at the level of the chosen category, so its siblings are one tap away.
  const [trail, setTrail] = useState<Category[]>(() => categoryPath(tree, selectedId).slice(0, -1));

  const parent = trail.at(-1);
  const level = bySeq(parent ? parent.children : tree);
  const focusFirst = () => requestAnimationFrame(() => firstRef.current?.focus());
  const go = (next: Category[]) => {
    setTrail(next);
    focusFirst();
  };
  const choose = (id: number | undefined) => {
    onSelect(id);
    onClose();
  };

  const optionClass = (selected: boolean) =>
    `flex h-12 w-full items-center justify-between border-b border-line px-4 text-left text-[0.9375rem] ${
      selected ? 'font-semibold text-brand-strong' : 'text-ink'
    }`;

  return (
    <Popup
      visible={open}
      onMaskClick={onClose}
      onClose={onClose}
      afterShow={() => {
        returnFocus.current = document.activeElement as HTMLElement | null;
        setTrail(categoryPath(tree, selectedId).slice(0, -1));
        focusFirst();
      }}
      afterClose={() => returnFocus.current?.focus()}
      bodyClassName="rounded-t-2xl pb-[env(safe-area-inset-bottom)]"
    >
      <div
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        data-testid="category-picker"
        onKeyDown={(event) => {
          if (event.key === 'Escape') onClose();
        }}
      >
        <div className="grid grid-cols-[3rem_1fr_3rem] items-center border-b border-line">
          {parent ? (
            <button
              type="button"
              onClick={() => go(trail.slice(0, -1))}
              aria-label={
                trail.length > 1 ? t('courses.category.up', { name: trail.at(-2)!.name }) : t('courses.category.top')
              }
              className="flex size-12 items-center justify-center text-xl text-ink"
            >
              <ChevronLeftIcon />
            </button>
          ) : (
            <span />
          )}
          <h2 id={titleId} className="truncate py-3 text-center text-sm font-medium text-ink">
            {parent ? parent.name : t('courses.category.choose')}
          </h2>
          <button
            type="button"
            onClick={onClose}
            aria-label={t('courses.category.close')}
            className="flex size-12 items-center justify-center text-xl text-ink-muted"
          >
            <CloseIcon />
          </button>
        </div>
        <ul className="max-h-[60vh] overflow-y-auto">
          <li>
            <button
              ref={firstRef}
              type="button"
              aria-current={selectedId === parent?.id ? 'true' : undefined}
              onClick={() => choose(parent?.id)}
              className={optionClass(selectedId === parent?.id)}
            >
              {parent ? t('courses.category.allIn', { name: parent.name }) : t('courses.category.all')}
            </button>
          </li>
          {level.map((node) => {
            const selected = node.id === selectedId;
            const hasChildren = node.children.length > 0;
            return (
              <li key={node.id}>
                <button
                  type="button"
                  aria-current={selected ? 'true' : undefined}
                  onClick={() => (hasChildren ? go([...trail, node]) : choose(node.id))}
                  className={optionClass(selected)}
                >
                  <span className="truncate">{node.name}</span>
                  {hasChildren ? <ChevronRightIcon className="shrink-0 text-ink-subtle" /> : null}
                </button>
              </li>
            );
          })}
        </ul>
      </div>
    </Popup>
  );
}
