import type { Category } from '@school/contract/catalogue';
import { useRef, useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { BottomSheet, sheetIconButtonClass } from '../../../components/ui/bottom-sheet';
import { ChevronLeftIcon, ChevronRightIcon } from '../../../components/ui/icons';
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
 * A bottom sheet walking the category tree one level at a time (up to the three levels of
 * docs/product.md#enumerations): a category with sub-categories opens them, with "All of …" choosing the category
 * itself. Built from buttons in a named dialog rather than antd's CascaderView, whose options
 * carry no accessible state; loaded only when first opened.
 */
export default function CategoryPicker({ open, tree, selectedId, onSelect, onClose }: CategoryPickerProps) {
  const { t } = useTranslation();
  const firstRef = useRef<HTMLButtonElement>(null);
  // Each opening starts at the level of the chosen category, so its siblings are one tap away.
  const openingTrail = () => categoryPath(tree, selectedId).slice(0, -1);
  const [trail, setTrail] = useState<Category[]>(openingTrail);
  // Reset while rendering the opening (rather than once it has opened) so the sheet never
  // slides in showing the level it was left at.
  const [wasOpen, setWasOpen] = useState(open);
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) setTrail(openingTrail());
  }

  const parent = trail.at(-1);
  const level = bySeq(parent ? parent.children : tree);
  const go = (next: Category[]) => {
    setTrail(next);
    // The level's first choice, once it is drawn.
    requestAnimationFrame(() => firstRef.current?.focus());
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
    <BottomSheet
      look="picker"
      open={open}
      title={parent ? parent.name : t('courses.category.choose')}
      closeLabel={t('courses.category.close')}
      onClose={onClose}
      focusTarget={() => firstRef.current}
      testId="category-picker"
      back={
        parent ? (
          <button
            type="button"
            onClick={() => go(trail.slice(0, -1))}
            aria-label={
              trail.length > 1 ? t('courses.category.up', { name: trail.at(-2)!.name }) : t('courses.category.top')
            }
            className={`${sheetIconButtonClass} text-ink`}
          >
            <ChevronLeftIcon />
          </button>
        ) : undefined
      }
    >
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
    </BottomSheet>
  );
}
