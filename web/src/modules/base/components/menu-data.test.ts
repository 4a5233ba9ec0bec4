import type { SysMenu } from '@backroom/contract';
import { describe, expect, it } from 'vitest';
import {
  buildMenuRows,
  entityLabel,
  entityPath,
  entityPerms,
  exportFileName,
  parseMenuFile,
  permOfApi,
} from './menu-data';

const row = (id: number, parentId: number | null, orderNum: number, name = `m${id}`): SysMenu => ({
  id,
  parentId,
  name,
  router: null,
  perms: null,
  type: 0,
  icon: null,
  orderNum,
  viewPath: null,
  keepAlive: true,
  isShow: true,
  createTime: '2025-01-01 00:00:00',
  updateTime: '2025-01-01 00:00:00',
});

describe('menu tree', () => {
  const rows = [row(3, 1, 2), row(1, null, 1), row(2, 1, 1), row(4, 2, 0), row(5, 99, 0)];

  it('nests by parentId, orders siblings by orderNum, keeps orphans at the top', () => {
    const tree = buildMenuRows(rows);
    expect(tree.map((r) => r.id)).toEqual([5, 1]);
    expect(tree[1]?.children?.map((r) => r.id)).toEqual([2, 3]);
    expect(tree[1]?.children?.[0]?.children?.map((r) => r.id)).toEqual([4]);
    expect(tree[0]?.children).toBeUndefined();
  });
});

describe('permissions from EPS', () => {
  it('reads the path after /admin/ with / as :', () => {
    expect(permOfApi('/admin/base/sys/user', '/page')).toBe('base:sys:user:page');
    expect(
      entityPerms({
        module: 'base',
        prefix: '/admin/base/open',
        api: [
          { method: 'get', path: '/eps', summary: 'eps', ignoreToken: true },
          { method: 'post', path: '/x', summary: 'x' },
        ],
      }),
    ).toEqual([{ perm: 'base:open:x', summary: 'x' }]);
  });
});

describe('import files', () => {
  it('names the export file by the local date', () => {
    expect(exportFileName(new Date(2025, 0, 31))).toBe('backroom-menus-20250131.json');
  });

  it('accepts an exported tree and tidies loose values of other installs', () => {
    const text = JSON.stringify([
      {
        id: 7,
        name: 'Sys',
        type: 0,
        router: '',
        keepAlive: 1,
        childMenus: [{ name: 'Page', type: 1, router: '/p', isShow: 0, childMenus: [] }],
      },
    ]);
    const parsed = parseMenuFile(text);
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    expect(parsed.count).toBe(2);
    expect(parsed.menus[0]).toMatchObject({ name: 'Sys', router: null, keepAlive: true });
    expect(parsed.menus[0]?.childMenus?.[0]).toMatchObject({ isShow: false });
  });

  it('refuses what is not a JSON array of menus, saying where', () => {
    expect(parseMenuFile('{oops')).toEqual({ ok: false, reason: 'json' });
    expect(parseMenuFile('{"name":"x"}')).toEqual({ ok: false, reason: 'shape' });
    expect(parseMenuFile('[]')).toEqual({ ok: false, reason: 'shape' });
    const bad = parseMenuFile(
      JSON.stringify([{ name: 'a', type: 1, childMenus: [{ name: 'b', type: 1, router: 'x' }] }]),
    );
    expect(bad).toEqual({ ok: false, reason: 'shape', where: '[0].childMenus[0].router' });
  });
});

describe('entity names', () => {
  it('names an entity by its path, after its description when EPS gives one', () => {
    const dictType = { module: 'dict', prefix: '/admin/dict/type', api: [] };
    expect(entityPath(dictType)).toBe('dict/type');
    expect(entityLabel(dictType)).toBe('dict/type');
    expect(entityLabel({ ...dictType, info: { type: { description: '字典类型' } } })).toBe('字典类型 · dict/type');
  });
});
