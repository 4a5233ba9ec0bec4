import { describe, expect, it } from 'vitest';
import { nextOrderNum } from './item-order';

describe('the order of a new dictionary item', () => {
  it('puts a new item after its last sibling', () => {
    const rows = [
      { parentId: null, orderNum: 3 },
      { parentId: 1, orderNum: 7 },
    ];
    expect(nextOrderNum(rows, null)).toBe(4);
    expect(nextOrderNum(rows, 1)).toBe(8);
    expect(nextOrderNum(rows, 2)).toBe(1);
  });
});
