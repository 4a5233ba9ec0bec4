import type { SysMenu } from '@backroom/contract';
import { describe, expect, it } from 'vitest';
import { menuPayload, menuStartValues } from './menu-form-values';
import { TOP_LEVEL } from './menu-parent-select';

const row = (id: number, parentId: number | null, type: 0 | 1 | 2, orderNum = 0): SysMenu => ({
  id,
  parentId,
  name: `m${id}`,
  router: type === 1 ? `/m${id}` : null,
  perms: type === 2 ? 'a:b:page, a:b:info' : null,
  type,
  icon: type === 2 ? null : 'icon-user',
  orderNum,
  viewPath: null,
  keepAlive: true,
  isShow: true,
  createTime: '2025-01-01 00:00:00',
  updateTime: '2025-01-01 00:00:00',
});

const rows = [row(1, null, 0, 3), row(2, 1, 1, 5), row(3, 2, 2, 1), row(4, 1, 1, 7)];

describe('the menu form', () => {
  it('starts a new entry with the type that belongs below its parent, after the last sibling', () => {
    expect(menuStartValues({ mode: 'add', parentId: null }, rows)).toMatchObject({
      type: 0,
      parentId: TOP_LEVEL,
      orderNum: 4,
    });
    expect(menuStartValues({ mode: 'add', parentId: 1 }, rows)).toMatchObject({ type: 1, parentId: 1, orderNum: 8 });
    expect(menuStartValues({ mode: 'add', parentId: 4 }, rows)).toMatchObject({ type: 2, parentId: 4, orderNum: 0 });
  });

  it('starts an edit from the row, its permissions as a list', () => {
    expect(menuStartValues({ mode: 'edit', row: rows[2] as SysMenu }, rows)).toMatchObject({
      type: 2,
      parentId: 2,
      perms: ['a:b:page', 'a:b:info'],
    });
  });

  it('sends what the type has, empties the rest on add and leaves it alone on edit', () => {
    const values = {
      type: 2 as const,
      name: ' Read ',
      parentId: 2,
      router: '/x',
      viewPath: 'v',
      icon: 'icon-user',
      orderNum: 1,
      keepAlive: true,
      isShow: true,
      perms: ['a:b:page'],
    };
    expect(menuPayload(values, 'add')).toEqual({
      type: 2,
      name: 'Read',
      parentId: 2,
      orderNum: 1,
      isShow: true,
      router: null,
      icon: null,
      viewPath: null,
      perms: 'a:b:page',
    });
    expect(menuPayload(values, 'edit')).toEqual({
      type: 2,
      name: 'Read',
      parentId: 2,
      orderNum: 1,
      isShow: true,
      perms: 'a:b:page',
    });
    expect(menuPayload({ ...values, type: 1, parentId: TOP_LEVEL, router: ' /p ', viewPath: ' ' }, 'add')).toEqual({
      type: 1,
      name: 'Read',
      parentId: null,
      orderNum: 1,
      isShow: true,
      router: '/p',
      icon: 'icon-user',
      viewPath: null,
      keepAlive: true,
      perms: null,
    });
  });
});
