import type { Category } from '@school/contract/catalogue';

/** The chain root → … → the category with `id`; [] when it is not in the tree. */
export function categoryPath(tree: readonly Category[], id: number | undefined): Category[] {
  if (id === undefined) return [];
  for (const node of tree) {
    if (node.id === id) return [node];
    const below = categoryPath(node.children, id);
    if (below.length) return [node, ...below];
  }
  return [];
}

export interface CategoryLevel {
  /** The category whose children this row lists; null for the roots. */
  parent: Category | null;
  options: Category[];
  /** The option chosen on this row; null when "All" (the parent itself) is chosen. */
  selectedId: number | null;
}

const bySeq = (nodes: readonly Category[]) => [...nodes].sort((a, b) => a.seq - b.seq || a.id - b.id);

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
