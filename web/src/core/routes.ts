import type { ComponentType } from 'react';
import { matchPath } from 'react-router';
import { i18n, menuName } from './i18n';
import { preloadable } from './lazy';
import { findByRouter, type MenuItem } from './menu';
import type { TabTitle } from './tabs';
import { isFrameView, resolveView } from './views';

export type RouteParams = Record<string, string | undefined>;

/** A title to translate: its i18n key and the values its text names (`{{id}}`). */
export type TitleText = { key: string; values?: Record<string, string> };

/**
 * A fixed route's title: an i18n key, or the title made from the route's parameters, so that each
 * tab of a route with parameters (one per distinct URL) says which it is.
 */
export type RouteTitle = string | ((params: RouteParams) => TitleText);

/** Routes that exist whatever the menus say (docs/spec.md §2), shown inside the shell. */
type FixedRoute = {
  path: string;
  title: RouteTitle;
  view: ComponentType;
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
  title: RouteTitle,
  load: () => Promise<{ default: ComponentType }>,
  options: { keepAlive?: boolean; process?: boolean } = {},
) {
  fixed.push({
    path,
    title,
    view: preloadable(async () => (await load()).default).Component,
    keepAlive: options.keepAlive ?? true,
    process: options.process ?? true,
  });
}

export type ResolvedRoute =
  | {
      kind: 'view';
      view: ComponentType;
      params: RouteParams;
      /** An i18n key with the values its text names (titleIsKey), or a menu's name. */
      title: string;
      titleIsKey: boolean;
      titleValues?: Record<string, string>;
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
      const title = typeof route.title === 'string' ? { key: route.title } : route.title(match.params);
      return {
        kind: 'view',
        view: route.view,
        params: match.params,
        title: title.key,
        titleIsKey: true,
        titleValues: title.values,
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

/**
 * The words of a route's title in the language in use: a fixed route's key translated with its
 * values, or a menu's name as the menus translate it. The tab, the breadcrumb, the browser's title
 * and the view's landmark all say it.
 */
export function routeTitle(route: ResolvedRoute): string {
  return titleText(routeTitleOf(route));
}

/** A route's title untranslated, as a tab keeps it (core/tabs.ts). */
export function routeTitleOf(route: ResolvedRoute): TabTitle {
  return route.kind === 'view' && route.titleIsKey
    ? { key: route.title, ...(route.titleValues ? { values: route.titleValues } : {}), isKey: true }
    : { key: route.title, isKey: false };
}

/** A kept title's words in the language in use. */
export function titleText(title: TabTitle): string {
  return title.isKey ? i18n.t(title.key, title.values) : menuName(title.key);
}
