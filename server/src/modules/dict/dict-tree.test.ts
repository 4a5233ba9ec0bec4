import { describe, expect, it } from 'vitest';
import { makesCycle, parentsFirst, withDescendants } from './dict-tree.js';

const nodes = [
  { id: 1, parentId: null },
  { id: 2, parentId: 1 },
  { id: 3, parentId: 2 },
  { id: 4, parentId: 1 },
  { id: 5, parentId: null },
];

describe('dictionary trees', () => {
  it('collects an item with everything below it', () => {
    expect([...withDescendants(nodes, [1])].sort()).toEqual([1, 2, 3, 4]);
    expect([...withDescendants(nodes, [2, 5])].sort()).toEqual([2, 3, 5]);
    expect([...withDescendants(nodes, [])]).toEqual([]);
  });

  it('sees a move under itself or a descendant as a cycle', () => {
    expect(makesCycle(nodes, 1, 1)).toBe(true);
    expect(makesCycle(nodes, 1, 3)).toBe(true);
    expect(makesCycle(nodes, 3, 1)).toBe(false);
    expect(makesCycle(nodes, 2, null)).toBe(false);
    expect(makesCycle(nodes, 4, 5)).toBe(false);
  });

  it('orders rows parents first, siblings as given, and keeps rows of a stored cycle', () => {
    const rows = [
      { id: 3, parentId: 2 },
      { id: 4, parentId: 1 },
      { id: 2, parentId: 1 },
      { id: 1, parentId: null },
      { id: 9, parentId: 42 },
    ];
    expect(parentsFirst(rows).map((r) => r.id)).toEqual([1, 9, 4, 2, 3]);
    const cycle = [
      { id: 7, parentId: 8 },
      { id: 8, parentId: 7 },
      { id: 6, parentId: null },
    ];
    expect(parentsFirst(cycle).map((r) => r.id)).toEqual([6, 7, 8]);
  });
});
