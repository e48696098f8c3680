import type { Category } from '@school/contract/catalogue';
import { bySeq, categoryPath } from '../../../lib/category-tree';

export interface CategoryLevel {
  /** The category whose children this row lists; null for the roots. */
  parent: Category | null;
  options: Category[];
  /** The option chosen on this row; null when "All" (the parent itself) is chosen. */
  selectedId: number | null;
}

/**
 * The rows of the category filter for a selection: the roots, then the children of each chosen
 * category down the path, so any depth of tree is browsable one level per row. A chosen leaf
 * adds no row.
 */
export function categoryLevels(tree: readonly Category[], selectedId: number | undefined): CategoryLevel[] {
  const path = categoryPath(tree, selectedId);
  const levels: CategoryLevel[] = [{ parent: null, options: bySeq(tree), selectedId: path[0]?.id ?? null }];
  path.forEach((node, index) => {
    if (node.children.length === 0) return;
    levels.push({ parent: node, options: bySeq(node.children), selectedId: path[index + 1]?.id ?? null });
  });
  return levels;
}
