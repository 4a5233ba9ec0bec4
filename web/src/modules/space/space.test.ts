import { buildTree } from '@backroom/contract';
import { describe, expect, it } from 'vitest';
import { formatSize } from '../../core/format-size';
import { categoryOptions } from './category-tree';

const rows = [
  { id: 1, name: '商品图', parentId: null },
  { id: 2, name: '主图', parentId: 1 },
  { id: 3, name: '细节', parentId: 2 },
  { id: 4, name: '合同', parentId: null },
  { id: 5, name: '孤儿', parentId: 99 },
];

describe('category options', () => {
  it('leaves a branch out of the move options, orphans at the top', () => {
    const options = categoryOptions(buildTree(rows), 2);
    expect(options[0]?.children).toEqual([]);
    expect(options.map((o) => o.value)).toEqual([1, 4, 5]);
  });
});

describe('formatSize', () => {
  it('reads like people write sizes', () => {
    expect(formatSize(68)).toBe('68 B');
    expect(formatSize(1536)).toBe('1.5 KB');
    expect(formatSize(100 * 1024)).toBe('100 KB');
    expect(formatSize(3.25 * 1024 * 1024)).toBe('3.3 MB');
    expect(formatSize(-1)).toBe('');
  });
});
