import { describe, expect, it } from 'vitest';
import {
  buildTree,
  byOrderNum,
  descendantsOf,
  dropEmptyChildren,
  filterTree,
  findNode,
  flattenByLevel,
  flattenTree,
  makesCycle,
  mapTree,
  pathTo,
  type TreeNode,
  type TreeRow,
  withAncestors,
  withDescendants,
} from './tree.js';

// 1 总部 → 2 门店运营部 → 3 华东区 → 7 上海店, 4 华南区; 5 财务部; 6 人力资源部; 8 a second root
const tree: TreeRow[] = [
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

/** The tree's shape by ids: a leaf as its id, a parent as { id: children }. */
const shape = <T extends TreeRow>(nodes: readonly TreeNode<T>[]): unknown =>
  nodes.map((n) => (n.children.length ? { [n.id]: shape(n.children) } : n.id));

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

  it('accepts any iterable and does not depend on the order of the rows', () => {
    const shuffled = [...tree].reverse();
    expect(sorted(withDescendants(shuffled, new Set([2])))).toEqual([2, 3, 4, 7]);
  });

  it('terminates on data that already holds a cycle', () => {
    const broken: TreeRow[] = [
      { id: 1, parentId: 2 },
      { id: 2, parentId: 1 },
      { id: 3, parentId: 2 },
    ];
    expect(sorted(withDescendants(broken, [1]))).toEqual([1, 2, 3]);
  });
});

describe('descendantsOf and withAncestors', () => {
  it('gives what lies below an id, the id left out', () => {
    expect(sorted(descendantsOf(tree, 2))).toEqual([3, 4, 7]);
    expect(sorted(descendantsOf(tree, 7))).toEqual([]);
  });

  it('gives the ids with everything above them, and stops on a stored cycle', () => {
    expect(sorted(withAncestors(tree, [7]))).toEqual([1, 2, 3, 7]);
    expect(sorted(withAncestors(tree, [7, 5, 8]))).toEqual([1, 2, 3, 5, 7, 8]);
    expect(sorted(withAncestors(tree, [99]))).toEqual([99]);
    const loop: TreeRow[] = [
      { id: 1, parentId: 2 },
      { id: 2, parentId: 1 },
    ];
    expect(sorted(withAncestors(loop, [1]))).toEqual([1, 2]);
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

  it('judges against the rows it is given, so a batch of moves is checked as a whole', () => {
    // After 4 has moved under 3, putting 3 under 4 closes a loop.
    const moved = tree.map((n) => (n.id === 4 ? { ...n, parentId: 3 } : n));
    expect(makesCycle(tree, 3, 4)).toBe(false);
    expect(makesCycle(moved, 3, 4)).toBe(true);
  });
});

describe('buildTree', () => {
  const rows = [
    { id: 1, name: 'HQ', parentId: null, orderNum: 0 },
    { id: 2, name: 'East', parentId: 1, orderNum: 1 },
    { id: 3, name: 'West', parentId: 1, orderNum: 0 },
    { id: 4, name: 'Store 4', parentId: 2, orderNum: 1 },
    { id: 5, name: 'Store 5', parentId: 2, orderNum: 0 },
  ];

  it('nests the rows, siblings by the order given, or by the rows without one', () => {
    expect(shape(buildTree(rows, byOrderNum))).toEqual([{ 1: [3, { 2: [5, 4] }] }]);
    expect(shape(buildTree(rows))).toEqual([{ 1: [{ 2: [4, 5] }, 3] }]);
  });

  it('gives new nodes with their fields and leaves the rows as they were', () => {
    const [root] = buildTree(rows, byOrderNum);
    expect(root).toMatchObject({ id: 1, name: 'HQ', parentId: null });
    expect(rows[0]).toEqual({ id: 1, name: 'HQ', parentId: null, orderNum: 0 });
    expect(root?.children[0]?.children).toEqual([]);
  });

  it('makes a row whose parent is missing a root that keeps its parentId', () => {
    const roots = buildTree([...rows, { id: 9, name: 'Out of scope', parentId: 42, orderNum: 0 }], byOrderNum);
    expect(roots.map((n) => n.id)).toEqual([1, 9]);
    expect(roots[1]?.parentId).toBe(42);
  });

  it('breaks a stored loop where it closes, so no row is lost', () => {
    const loop = [
      { id: 7, parentId: 99 },
      { id: 8, parentId: 9 },
      { id: 9, parentId: 8 },
      { id: 10, parentId: 8 },
      { id: 11, parentId: 11 },
    ];
    const roots = buildTree(loop);
    expect(flattenTree(roots).map((f) => f.node.id)).toEqual([7, 8, 10, 9, 11]);
    expect(roots.map((n) => n.id)).toEqual([7, 8, 9, 11]);
  });
});

describe('walking a tree', () => {
  const built = buildTree(tree);

  it('flattens depth first, parents before children, with the depth of each', () => {
    expect(flattenTree(built).map((f) => [f.node.id, f.depth])).toEqual([
      [1, 0],
      [2, 1],
      [3, 2],
      [7, 3],
      [4, 2],
      [5, 1],
      [6, 1],
      [8, 0],
    ]);
  });

  it('flattens breadth first, level by level', () => {
    expect(flattenByLevel(built).map((f) => [f.node.id, f.depth])).toEqual([
      [1, 0],
      [8, 0],
      [2, 1],
      [5, 1],
      [6, 1],
      [3, 2],
      [4, 2],
      [7, 3],
    ]);
  });

  it('finds a node and the path down to it', () => {
    expect(findNode(built, (n) => n.id === 4)?.parentId).toBe(2);
    expect(findNode(built, (n) => n.id === 99)).toBeUndefined();
    expect(pathTo(built, 7).map((n) => n.id)).toEqual([1, 2, 3, 7]);
    expect(pathTo(built, 99)).toEqual([]);
  });

  it('maps a tree, leaving out a branch', () => {
    type Option = { value: number; children: Option[] };
    const options = mapTree<TreeNode<TreeRow>, Option>(
      built,
      (node, children) => ({ value: node.id, children }),
      (node) => node.id !== 3,
    );
    expect(options[0]?.children.map((o) => o.value)).toEqual([2, 5, 6]);
    expect(options[0]?.children[0]?.children.map((o) => o.value)).toEqual([4]);
  });
});

describe('trees for tables', () => {
  const rows = [
    { id: 1, parentId: null, name: '生鲜' },
    { id: 2, parentId: 1, name: '水果' },
    { id: 3, parentId: 2, name: '苹果' },
    { id: 4, parentId: 1, name: '蔬菜' },
    { id: 5, parentId: null, name: '日用' },
  ];
  const table = dropEmptyChildren(buildTree(rows));

  it('leaves children out of the leaves', () => {
    expect(table[1]?.children).toBeUndefined();
    expect(table[0]?.children?.map((n) => n.id)).toEqual([2, 4]);
  });

  it('cuts the tree to the matches and the rows above them', () => {
    const found = filterTree(table, (r) => r.name === '水果');
    expect(found.map((r) => r.id)).toEqual([1]);
    expect(found[0]?.children?.map((r) => r.id)).toEqual([2]);
    // Below a match only what matches too, unless everything below is asked for.
    expect(found[0]?.children?.[0]?.children).toBeUndefined();
    const whole = filterTree(table, (r) => r.name === '水果', 'all');
    expect(whole[0]?.children?.[0]?.children?.map((r) => r.id)).toEqual([3]);
    expect(filterTree(table, () => false)).toEqual([]);
  });
});
