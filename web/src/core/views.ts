import { type ComponentType, type LazyExoticComponent, lazy } from 'react';
import { needMessages } from './i18n';

type Loader = () => Promise<{ default: ComponentType }>;

const registry = new Map<string, LazyExoticComponent<ComponentType>>();

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
  const withTexts: Loader = module ? async () => (await Promise.all([load(), needMessages(module)]))[0] : load;
  registry.set(viewKey(viewPath), lazy(withTexts));
}

export function resolveView(viewPath: string | null | undefined): LazyExoticComponent<ComponentType> | undefined {
  if (!viewPath) return undefined;
  return registry.get(viewKey(viewPath));
}

export const isFrameView = (viewPath: string | null | undefined) => !!viewPath && /^https?:\/\//.test(viewPath);
