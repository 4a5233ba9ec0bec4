import { type ComponentType, type LazyExoticComponent, lazy } from 'react';
import { matchPath } from 'react-router';
import { findByRouter, type MenuItem } from './menu';
import { isFrameView, resolveView } from './views';

/** Routes that exist whatever the menus say (docs/spec.md §2), shown inside the shell. */
type FixedRoute = {
  path: string;
  /** i18n key of the tab title. */
  title: string;
  view: LazyExoticComponent<ComponentType>;
  keepAlive: boolean;
  /** False: the page is shown but not tracked as a tab (docs/spec.md §2, a route marking process false). */
  process: boolean;
};

const fixed: FixedRoute[] = [];

/**
 * A route that exists whatever the menus say. `process: false` shows it in the shell without a tab
 * (the signed-in error pages); every other route is a tab, one per distinct URL (path and query).
 */
export function registerFixedRoute(
  path: string,
  title: string,
  load: () => Promise<{ default: ComponentType }>,
  options: { keepAlive?: boolean; process?: boolean } = {},
) {
  fixed.push({ path, title, view: lazy(load), keepAlive: options.keepAlive ?? true, process: options.process ?? true });
}

export type ResolvedRoute =
  | {
      kind: 'view';
      view: LazyExoticComponent<ComponentType>;
      params: Record<string, string | undefined>;
      title: string;
      titleIsKey: boolean;
      keepAlive: boolean;
      /** Tracked as a tab (false: a route marking process false). */
      process: boolean;
      menu?: MenuItem;
    }
  | { kind: 'frame'; url: string; title: string; keepAlive: boolean; process: true; menu: MenuItem };

/** What the shell shows at a path: a fixed route, a menu's view, a menu's frame, or nothing (404). */
export function resolveRoute(pathname: string, tree: readonly MenuItem[]): ResolvedRoute | undefined {
  for (const route of fixed) {
    const match = matchPath({ path: route.path, end: true }, pathname);
    if (match) {
      return {
        kind: 'view',
        view: route.view,
        params: match.params,
        title: route.title,
        titleIsKey: true,
        keepAlive: route.keepAlive,
        process: route.process,
        // A menu may lead here too (the file space's page): its place in the tree picks the menu
        // group and makes the breadcrumb, after a reload as after a click.
        menu: findByRouter(tree, pathname),
      };
    }
  }
  const menu = findByRouter(tree, pathname);
  if (!menu) return undefined;
  if (isFrameView(menu.viewPath)) {
    return {
      kind: 'frame',
      url: menu.viewPath as string,
      title: menu.name,
      keepAlive: menu.keepAlive,
      process: true,
      menu,
    };
  }
  const view = resolveView(menu.viewPath);
  if (!view) return undefined;
  return {
    kind: 'view',
    view,
    params: {},
    title: menu.name,
    titleIsKey: false,
    keepAlive: menu.keepAlive,
    process: true,
    menu,
  };
}
