import type { ComponentType } from 'react';
import { needMessages } from './i18n';
import { preloadable } from './lazy';

type Loader = () => Promise<{ default: ComponentType }>;

const registry = new Map<string, ComponentType>();
/** Each registered view's loader, run once: the lazy component and a prefetch share its download. */
const loaders = new Map<string, () => Promise<unknown>>();

/**
 * A menu's viewPath reduced to one key, `base/user`: the family's (`modules/base/views/user/index.vue`,
 * with or without a leading `cool/`, as seeded and as its clients and menus exported from its
 * installs send them) and the app's own form without `.vue` (`modules/base/views/user`, as earlier
 * releases seeded and the code generator writes) alike.
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

/** A registered view: the path it was registered under, and the paths that open it too. */
export type RegisteredView = { viewPath: string; aliases: readonly string[] };
const registered: RegisteredView[] = [];

/**
 * Modules register their menu-driven views here, keyed by the family's viewPath. `module` names a
 * module whose texts load with its screens (addMessages `withScreens`): the view comes with them.
 * `aliases` are other paths that open the same view: where the family keeps a screen that the app
 * keeps in another module (the plugin screen, `modules/helper/views/plugins/serve.vue`).
 */
export function registerView(viewPath: string, load: Loader, module?: string, aliases: readonly string[] = []) {
  const withTexts = module ? async () => (await Promise.all([load(), needMessages(module)]))[0] : load;
  const view = preloadable(async () => (await withTexts()).default);
  for (const path of [viewPath, ...aliases]) {
    registry.set(viewKey(path), view.Component);
    loaders.set(viewKey(path), view.load);
  }
  const known = registered.findIndex((r) => viewKey(r.viewPath) === viewKey(viewPath));
  if (known >= 0) registered.splice(known, 1);
  registered.push({ viewPath, aliases });
}

/** Every view registered, once each, in the order of registration (the menu screen offers them). */
export function registeredViews(): readonly RegisteredView[] {
  return registered;
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
