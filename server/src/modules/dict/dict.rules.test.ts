import { describe, expect, it } from 'vitest';
import { itemsParentsFirst } from './dict.rules.js';

describe('itemsParentsFirst', () => {
  it('puts every parent before its children, level by level, siblings as given, rows with a missing parent as roots', () => {
    const rows = [
      { id: 3, parentId: 2 },
      { id: 4, parentId: 1 },
      { id: 2, parentId: 1 },
      { id: 1, parentId: null },
      { id: 9, parentId: 42 },
    ];
    expect(itemsParentsFirst(rows).map((r) => r.id)).toEqual([1, 9, 4, 2, 3]);
  });

  it('gives back the stored rows themselves, ids as text included, and keeps the rows of a stored cycle', () => {
    const rows: Record<string, unknown>[] = [
      { id: '7', parentId: '8', name: 'a' },
      { id: '8', parentId: '7', name: 'b' },
      { id: '6', parentId: null, name: 'c' },
    ];
    const out = itemsParentsFirst(rows);
    expect(out).toHaveLength(3);
    expect(out.every((row) => rows.includes(row))).toBe(true);
  });
});
