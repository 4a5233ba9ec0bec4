import { describe, expect, it } from 'vitest';
import { makesCycle, withDescendants } from './space-type-tree.js';

const nodes = [
  { id: 1, parentId: null },
  { id: 2, parentId: 1 },
  { id: 3, parentId: 2 },
  { id: 4, parentId: 1 },
  { id: 5, parentId: null },
];

describe('category tree', () => {
  it('finds a category with everything below it', () => {
    expect([...withDescendants(nodes, [1])].sort()).toEqual([1, 2, 3, 4]);
    expect([...withDescendants(nodes, [2, 5])].sort()).toEqual([2, 3, 5]);
    expect([...withDescendants(nodes, [])]).toEqual([]);
  });

  it('sees a move under itself or its own sub-categories as a cycle', () => {
    expect(makesCycle(nodes, 1, 3)).toBe(true);
    expect(makesCycle(nodes, 2, 2)).toBe(true);
    expect(makesCycle(nodes, 2, 4)).toBe(false);
    expect(makesCycle(nodes, 3, 5)).toBe(false);
  });
});
