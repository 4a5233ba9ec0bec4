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
};

const fixed: FixedRoute[] = [];

export function registerFixedRoute(
  path: string,
  title: string,
  load: () => Promise<{ default: ComponentType }>,
  keepAlive = true,
) {
  fixed.push({ path, title, view: lazy(load), keepAlive });
}

export type ResolvedRoute =
  | {
      kind: 'view';
      view: LazyExoticComponent<ComponentType>;
      params: Record<string, string | undefined>;
      title: string;
      titleIsKey: boolean;
      keepAlive: boolean;
      menu?: MenuItem;
    }
  | { kind: 'frame'; url: string; title: string; keepAlive: boolean; menu: MenuItem };

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
        // A menu may lead here too (the file space's page): its place in the tree picks the menu
        // group and makes the breadcrumb, after a reload as after a click.
        menu: findByRouter(tree, pathname),
      };
    }
  }
  const menu = findByRouter(tree, pathname);
  if (!menu) return undefined;
  if (isFrameView(menu.viewPath)) {
    return { kind: 'frame', url: menu.viewPath as string, title: menu.name, keepAlive: menu.keepAlive, menu };
  }
  const view = resolveView(menu.viewPath);
  if (!view) return undefined;
  return { kind: 'view', view, params: {}, title: menu.name, titleIsKey: false, keepAlive: menu.keepAlive, menu };
}
