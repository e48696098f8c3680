import type { Category } from '@school/contract/catalogue';
import { describe, expect, it } from 'vitest';
import { bySeq, categoryPath } from './category-tree';

const node = (
  id: number,
  seq: number,
  level: number,
  parentId: number | null,
  children: Category[] = [],
): Category => ({
  id,
  parentId,
  seq,
  level,
  name: `c${id}`,
  children,
});
const tree = [node(1, 2, 0, null, [node(3, 1, 1, 1, [node(5, 1, 2, 3)])]), node(2, 1, 0, null)];

describe('categoryPath', () => {
  it('finds the chain from the root to a category at any level', () => {
    expect(categoryPath(tree, 5).map((c) => c.id)).toEqual([1, 3, 5]);
    expect(categoryPath(tree, 2).map((c) => c.id)).toEqual([2]);
  });

  it('is empty for no category or one not in the tree', () => {
    expect(categoryPath(tree, undefined)).toEqual([]);
    expect(categoryPath(tree, 99)).toEqual([]);
  });
});

describe('bySeq', () => {
  it('orders siblings by seq without touching the input', () => {
    expect(bySeq(tree).map((c) => c.id)).toEqual([2, 1]);
    expect(tree.map((c) => c.id)).toEqual([1, 2]);
  });
});
