import type { Category } from '@school/contract/catalogue';
import { describe, expect, it } from 'vitest';
import { categoryLevels } from './category-levels';

function node(id: number, seq: number, children: Category[] = [], parentId: number | null = null): Category {
  return { id, parentId, seq, level: 0, name: `c${id}`, children };
}

// 1 ─┬─ 11 ── 111
//    └─ 12
// 2
const tree = [node(2, 2), node(1, 1, [node(12, 2, [], 1), node(11, 1, [node(111, 1, [], 11)], 1)])];
const ids = (nodes: Category[]) => nodes.map((n) => n.id);

describe('categoryLevels', () => {
  it('shows only the roots, in seq order, when nothing is chosen', () => {
    const levels = categoryLevels(tree, undefined);
    expect(levels).toHaveLength(1);
    expect(ids(levels[0]!.options)).toEqual([1, 2]);
    expect(levels[0]!.selectedId).toBeNull();
  });

  it('adds a row of children for each chosen category with children', () => {
    const levels = categoryLevels(tree, 1);
    expect(levels.map((l) => [l.parent?.id ?? null, ids(l.options), l.selectedId])).toEqual([
      [null, [1, 2], 1],
      [1, [11, 12], null],
    ]);
  });

  it('marks the whole path and stops at a leaf', () => {
    const levels = categoryLevels(tree, 111);
    expect(levels.map((l) => [l.parent?.id ?? null, l.selectedId])).toEqual([
      [null, 1],
      [1, 11],
      [11, 111],
    ]);
    expect(categoryLevels(tree, 2)).toHaveLength(1);
  });

  it('treats an unknown id as no selection', () => {
    expect(categoryLevels(tree, 99)).toHaveLength(1);
  });
});
