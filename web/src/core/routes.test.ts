import type { SysMenu } from '@backroom/contract';
import { describe, expect, it } from 'vitest';
import { buildMenuTree } from './menu';
import { registerFixedRoute, resolveRoute } from './routes';

const menu = (id: number, parentId: number | null, type: 0 | 1, name: string, router: string | null): SysMenu =>
  ({ id, parentId, type, name, router, orderNum: id, isShow: true, keepAlive: true, viewPath: null }) as SysMenu;

describe('resolveRoute', () => {
  registerFixedRoute('/files-fixed', 'files.title', () => Promise.resolve({ default: () => null }));

  it('gives a fixed route the menu that leads to it, so its group and breadcrumb are the menu’s', () => {
    const tree = buildMenuTree([
      menu(1, null, 0, 'System', '/sys'),
      menu(2, 1, 1, 'Users', '/sys/user'),
      menu(3, null, 0, 'Data', null),
      menu(4, 3, 1, 'Files', '/files-fixed'),
    ]);
    const route = resolveRoute('/files-fixed', tree);
    expect(route?.kind).toBe('view');
    expect(route?.menu?.id).toBe(4);
  });

  it('still opens a fixed route no menu leads to', () => {
    const route = resolveRoute('/files-fixed', buildMenuTree([menu(1, null, 0, 'System', '/sys')]));
    expect(route).toMatchObject({ kind: 'view', title: 'files.title', titleIsKey: true });
    expect(route?.menu).toBeUndefined();
  });
});
