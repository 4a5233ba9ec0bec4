import { describe, expect, it } from 'vitest';
import { makesCycle, type TreeNode, withDescendants } from './department-tree.js';

// 1 总部 → 2 门店运营部 → 3 华东区 → 7 上海店, 4 华南区; 5 财务部; 6 人力资源部; 8 a second root
const tree: TreeNode[] = [
  { id: 1, parentId: null },
  { id: 2, parentId: 1 },
  { id: 3, parentId: 2 },
  { id: 4, parentId: 2 },
  { id: 5, parentId: 1 },
  { id: 6, parentId: 1 },
  { id: 7, parentId: 3 },
  { id: 8, parentId: null },
];

const sorted = (ids: Set<number>) => [...ids].sort((a, b) => a - b);

describe('withDescendants', () => {
  it('brings every level below a node, and nothing beside or above it', () => {
    expect(sorted(withDescendants(tree, [2]))).toEqual([2, 3, 4, 7]);
    expect(sorted(withDescendants(tree, [3]))).toEqual([3, 7]);
  });

  it('brings the whole tree from the root, but not another root', () => {
    expect(sorted(withDescendants(tree, [1]))).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it('keeps a leaf alone and merges overlapping starts without duplicates', () => {
    expect(sorted(withDescendants(tree, [7]))).toEqual([7]);
    expect(sorted(withDescendants(tree, [3, 2, 7, 5]))).toEqual([2, 3, 4, 5, 7]);
  });

  it('gives nothing for no ids, and keeps an id that is not in the tree', () => {
    expect(sorted(withDescendants(tree, []))).toEqual([]);
    expect(sorted(withDescendants(tree, [99]))).toEqual([99]);
  });

  it('accepts any iterable and does not depend on the order of the nodes', () => {
    const shuffled = [...tree].reverse();
    expect(sorted(withDescendants(shuffled, new Set([2])))).toEqual([2, 3, 4, 7]);
  });

  it('terminates on data that already holds a cycle', () => {
    const broken: TreeNode[] = [
      { id: 1, parentId: 2 },
      { id: 2, parentId: 1 },
      { id: 3, parentId: 2 },
    ];
    expect(sorted(withDescendants(broken, [1]))).toEqual([1, 2, 3]);
  });
});

describe('makesCycle', () => {
  it('refuses a node under itself', () => {
    expect(makesCycle(tree, 2, 2)).toBe(true);
  });

  it('refuses a node under its child or a deeper descendant', () => {
    expect(makesCycle(tree, 2, 3)).toBe(true);
    expect(makesCycle(tree, 1, 7)).toBe(true);
  });

  it('allows a move to a sibling, an ancestor, another branch or the top', () => {
    expect(makesCycle(tree, 3, 4)).toBe(false);
    expect(makesCycle(tree, 7, 1)).toBe(false);
    expect(makesCycle(tree, 2, 5)).toBe(false);
    expect(makesCycle(tree, 2, 8)).toBe(false);
    expect(makesCycle(tree, 2, null)).toBe(false);
  });

  it('judges against the tree it is given, so a batch of moves is checked as a whole', () => {
    // After 4 has moved under 3, putting 3 under 4 closes a loop.
    const moved = tree.map((n) => (n.id === 4 ? { ...n, parentId: 3 } : n));
    expect(makesCycle(tree, 3, 4)).toBe(false);
    expect(makesCycle(moved, 3, 4)).toBe(true);
  });
});
