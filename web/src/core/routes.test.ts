import type { SysMenu } from '@backroom/contract';
import { describe, expect, it } from 'vitest';
import { i18n } from './i18n';
import { buildMenuTree } from './menu';
import { registerFixedRoute, resolveRoute, routeTitle, type TitleText } from './routes';

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

  it('titles a route with parameters from them, so each of its tabs says which it is', async () => {
    i18n.addResource('en', 'translation', 'test.item', 'Item {{id}}');
    i18n.addResource('en', 'translation', 'test.itemNamed', 'Item {{id}} / {{name}}');
    registerFixedRoute(
      '/item-fixed/:id/:name?',
      ({ id = '', name }): TitleText =>
        name ? { key: 'test.itemNamed', values: { id, name } } : { key: 'test.item', values: { id } },
      () => Promise.resolve({ default: () => null }),
    );
    const first = resolveRoute('/item-fixed/1/alice', []);
    const second = resolveRoute('/item-fixed/2', []);
    expect(first).toMatchObject({ title: 'test.itemNamed', titleValues: { id: '1', name: 'alice' } });
    await i18n.changeLanguage('en');
    expect(first && routeTitle(first)).toBe('Item 1 / alice');
    expect(second && routeTitle(second)).toBe('Item 2');
  });
});
