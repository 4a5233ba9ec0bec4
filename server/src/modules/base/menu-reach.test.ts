import { describe, expect, it } from 'vitest';
import { openableMenuIds, pageOpeners } from './menu-reach.js';

// 1 系统管理 → 2 用户列表 (rows 3 查询, 4 部门列表) ; 5 客户管理 → 6 客户信息 (row 7 查询), 8 福利活动 (row 9 查询)
// 10 首页 (no rows) ; 11 通用 (row 12 图片上传, no page) ; 13 字典 (row 14 list only)
const menus = [
  { id: 1, parentId: null, type: 0, perms: null },
  { id: 2, parentId: 1, type: 1, perms: null },
  { id: 3, parentId: 2, type: 2, perms: 'base:sys:user:page,base:sys:user:list,base:sys:user:info' },
  { id: 4, parentId: 2, type: 2, perms: 'base:sys:department:list' },
  { id: 5, parentId: null, type: 0, perms: null },
  { id: 6, parentId: 5, type: 1, perms: null },
  { id: 7, parentId: 6, type: 2, perms: 'customer:info:page' },
  { id: 8, parentId: 5, type: 1, perms: null },
  { id: 9, parentId: 8, type: 2, perms: 'customer:activity:page' },
  { id: 10, parentId: null, type: 1, perms: null },
  { id: 11, parentId: null, type: 0, perms: null },
  { id: 12, parentId: 11, type: 2, perms: 'space:info:page' },
  { id: 13, parentId: null, type: 1, perms: null },
  { id: 14, parentId: 13, type: 2, perms: 'dict:type:list' },
];

const permsOf = (ids: number[]) =>
  new Set(ids.flatMap((id) => (menus.find((m) => m.id === id)?.perms ?? '').split(',').filter(Boolean)));
const sorted = (ids: Set<number>) => [...ids].sort((a, b) => a - b);

describe('pageOpeners', () => {
  it('names the list calls of a page’s rows, the page calls first', () => {
    expect(pageOpeners(menus, 2)).toEqual(['base:sys:user:page']);
    expect(pageOpeners(menus, 13)).toEqual(['dict:type:list']);
    expect(pageOpeners(menus, 10)).toEqual([]);
  });
});

describe('openableMenuIds', () => {
  it('leaves out a page whose list call the role lacks, though it holds a row below it', () => {
    const held = new Set([4, 9, 10]);
    expect(sorted(openableMenuIds(menus, held, permsOf([...held])))).toEqual([5, 8, 9, 10]);
  });

  it('keeps a page the role opens, with its directory and rows', () => {
    const held = new Set([3, 4, 7]);
    expect(sorted(openableMenuIds(menus, held, permsOf([...held])))).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it('drops a directory with no page to open below it', () => {
    const held = new Set([12]);
    expect(sorted(openableMenuIds(menus, held, permsOf([...held])))).toEqual([]);
  });

  it('keeps a page without rows, and one opened by a list call', () => {
    const held = new Set([10, 14]);
    expect(sorted(openableMenuIds(menus, held, permsOf([...held])))).toEqual([10, 13, 14]);
  });
});
