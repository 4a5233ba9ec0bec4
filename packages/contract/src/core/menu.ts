import type { MenuNode } from '../base/sys-menu.js';

/**
 * The menus a module seeds: its directory, pages and permission rows, merged into an install's
 * menu tree once per `version` (bump it to give existing installs new entries). They are declared
 * here, beside the endpoints they grant, because both sides read them: the server seeds them, and
 * the web app checks every page's viewPath resolves to one of its views.
 */
export type ModuleMenus = {
  readonly module: string;
  readonly version: string;
  readonly tree: readonly MenuNode[];
  /**
   * The seed step's name (`menus` unless given): a later addition to a module can be a step of its
   * own, so existing installs receive just that and keep the deletions their operators made.
   */
  readonly step: string;
};

export function defineMenus(module: string, version: string, tree: MenuNode[], step = 'menus'): ModuleMenus {
  return { module, version, tree, step };
}

/** A permission row (type 2) whose perms text is read from the declaration, never retyped. */
export function permRow(name: string, perms: readonly string[], orderNum = 0): MenuNode {
  return { name, type: 2, perms: perms.join(','), orderNum, keepAlive: true, isShow: true };
}

type Perms = Readonly<Record<string, string>>;

/** The usual permission rows of an entity with the standard actions. */
export function crudPermRows(perms: Perms): MenuNode[] {
  const pick = (...actions: string[]) => actions.filter((a) => perms[a] !== undefined).map((a) => perms[a] as string);
  return [
    permRow('查询', pick('page', 'list', 'info'), 1),
    permRow('新增', pick('add'), 2),
    permRow('修改', pick('info', 'update'), 3),
    permRow('删除', pick('delete'), 4),
  ].filter((row) => row.perms !== '');
}

/**
 * A page (type 1): the family's router and view path, exactly as the family's own menus hold it
 * (`modules/base/views/user/index.vue`, `cool/modules/base/views/role.vue`), so that its Vue client,
 * which loads `'/src/' + viewPath` without the `cool/`, finds its screen; a screen only this app has
 * is written in the same form (`modules/<module>/views/<name>.vue`). The web app resolves either, and
 * the app's own form without `.vue`, to its React view (web/src/core/views.ts `viewKey`).
 */
export function menuPage(
  name: string,
  router: string,
  viewPath: string,
  icon: string,
  orderNum: number,
  childMenus: MenuNode[],
): MenuNode {
  return { name, type: 1, router, viewPath, icon, orderNum, keepAlive: true, isShow: true, childMenus };
}

/** A directory (type 0); two modules' directories of the same name, type and router merge. */
export function menuDirectory(
  name: string,
  icon: string,
  orderNum: number,
  childMenus: MenuNode[],
  router: string | null = null,
): MenuNode {
  return { name, type: 0, router, icon, orderNum, keepAlive: true, isShow: true, childMenus };
}

/** Every page (type 1) of the trees, depth first. */
export function menuPages(trees: readonly MenuNode[]): MenuNode[] {
  return trees.flatMap((node) => [...(node.type === 1 ? [node] : []), ...menuPages(node.childMenus ?? [])]);
}
