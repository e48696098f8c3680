import type { Category } from '@school/contract/catalogue';

/** The chain root → … → the category with `id`, or [] when it is not in the tree. */
export function categoryPath(tree: readonly Category[], id: number | undefined): Category[] {
  if (id === undefined) return [];
  for (const node of tree) {
    if (node.id === id) return [node];
    const below = categoryPath(node.children, id);
    if (below.length) return [node, ...below];
  }
  return [];
}

/** Siblings in the school's order (the server sends them so; this keeps a picker honest). */
export function bySeq(nodes: readonly Category[]): Category[] {
  return [...nodes].sort((a, b) => a.seq - b.seq || a.id - b.id);
}
