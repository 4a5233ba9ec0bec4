import type { ComponentType } from 'react';
import { needMessages } from './i18n';
import { preloadable } from './lazy';

type Loader = () => Promise<{ default: ComponentType }>;

const registry = new Map<string, ComponentType>();
/** Each registered view's loader, run once: the lazy component and a prefetch share its download. */
const loaders = new Map<string, () => Promise<unknown>>();

/**
 * A menu's viewPath reduced to one key, `base/user`: the app's own (`modules/base/views/user`, as
 * seeded) and the family's (`modules/base/views/user/index.vue`, with or without a leading `cool/`,
 * as its clients and menus exported from its installs send them) alike.
 */
export function viewKey(viewPath: string): string {
  return viewPath
    .trim()
    .replace(/^\/+/, '')
    .replace(/^cool\//, '')
    .replace(/\.(vue|tsx?|jsx?)$/, '')
    .replace(/\/index$/, '')
    .replace(/^modules\//, '')
    .replace(/\/views\//, '/');
}

/**
 * Modules register their menu-driven views here, keyed by the family's viewPath. `module` names a
 * module whose texts load with its screens (addMessages `withScreens`): the view comes with them.
 */
export function registerView(viewPath: string, load: Loader, module?: string) {
  const withTexts = module ? async () => (await Promise.all([load(), needMessages(module)]))[0] : load;
  const view = preloadable(async () => (await withTexts()).default);
  registry.set(viewKey(viewPath), view.Component);
  loaders.set(viewKey(viewPath), view.load);
}

/**
 * Loads the code (and texts) of the views at `viewPaths` ahead of their first open, one after
 * another, so that the screens of a user's menu open without waiting for their chunks (the shell
 * calls it once the first screen is drawn and the browser is idle). A failure is left for the
 * view's own load to show.
 */
export async function prefetchViews(viewPaths: Iterable<string>): Promise<void> {
  for (const viewPath of viewPaths) {
    const load = loaders.get(viewKey(viewPath));
    if (load) await load().catch(() => undefined);
  }
}

export function resolveView(viewPath: string | null | undefined): ComponentType | undefined {
  if (!viewPath) return undefined;
  return registry.get(viewKey(viewPath));
}

export const isFrameView = (viewPath: string | null | undefined) => !!viewPath && /^https?:\/\//.test(viewPath);
