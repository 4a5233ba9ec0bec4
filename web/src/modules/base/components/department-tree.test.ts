import { describe, expect, it } from 'vitest';
import {
  buildDepartmentTree,
  changedPlaces,
  type DepartmentRow,
  moveDepartment,
  topDepartmentId,
} from './department-tree';

const rows: DepartmentRow[] = [
  { id: 1, name: 'HQ', parentId: null, orderNum: 0 },
  { id: 2, name: 'East', parentId: 1, orderNum: 1 },
  { id: 3, name: 'West', parentId: 1, orderNum: 0 },
  { id: 4, name: 'Store 4', parentId: 2, orderNum: 0 },
  { id: 5, name: 'Store 5', parentId: 2, orderNum: 1 },
];

const shape = (tree: ReturnType<typeof buildDepartmentTree>): unknown =>
  tree.map((n) => (n.children.length ? { [n.id]: shape(n.children) } : n.id));

describe('department tree', () => {
  it('nests the flat rows, siblings by orderNum', () => {
    expect(shape(buildDepartmentTree(rows))).toEqual([{ 1: [3, { 2: [4, 5] }] }]);
  });

  it('makes a row whose parent is out of scope a root, and breaks loops', () => {
    const tree = buildDepartmentTree([
      { id: 7, name: 'A', parentId: 99, orderNum: 0 },
      { id: 8, name: 'B', parentId: 9, orderNum: 0 },
      { id: 9, name: 'C', parentId: 8, orderNum: 1 },
    ]);
    expect(tree.map((n) => n.id)).toContain(7);
    let count = 0;
    const walk = (list: typeof tree) => {
      for (const n of list) {
        count++;
        walk(n.children);
      }
    };
    walk(tree);
    expect(count).toBe(3);
  });

  it('finds the top department', () => {
    expect(topDepartmentId(rows)).toBe(1);
  });

  it('moves a department and reports only the changed places', () => {
    const tree = buildDepartmentTree(rows);
    const before = moveDepartment(tree, 5, 4, 'before');
    expect(shape(before)).toEqual([{ 1: [3, { 2: [5, 4] }] }]);
    expect(changedPlaces(before, rows)).toEqual([
      { id: 5, parentId: 2, orderNum: 0 },
      { id: 4, parentId: 2, orderNum: 1 },
    ]);
    const inside = moveDepartment(tree, 4, 3, 'inside');
    expect(shape(inside)).toEqual([{ 1: [{ 3: [4] }, { 2: [5] }] }]);
    expect(changedPlaces(inside, rows)).toEqual([
      { id: 4, parentId: 3, orderNum: 0 },
      { id: 5, parentId: 2, orderNum: 0 },
    ]);
    const top = moveDepartment(tree, 2, 1, 'after');
    expect(shape(top)).toEqual([{ 1: [3] }, { 2: [4, 5] }]);
    expect(changedPlaces(top, rows)).toEqual([{ id: 2, parentId: null, orderNum: 1 }]);
  });

  it('refuses to move a department into its own subtree', () => {
    const tree = buildDepartmentTree(rows);
    expect(shape(moveDepartment(tree, 2, 4, 'inside'))).toEqual(shape(tree));
    expect(changedPlaces(moveDepartment(tree, 2, 2, 'after'), rows)).toEqual([]);
  });
});
