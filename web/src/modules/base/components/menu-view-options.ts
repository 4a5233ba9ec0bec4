import { type MenuNode, menuPages, menus } from '@backroom/contract';
import type { ComponentType } from 'react';
import { menuName } from '../../../core/i18n';
import { registeredViews, resolveView } from '../../../core/views';

/** One screen of the app a menu can open: the path the seeded menus give it, and its name. */
export type ViewOption = {
  /** What the menu row stores: the seeded page's view path (the family's), else the registered one. */
  value: string;
  /** The seeded menu's name (shown in the reader's language with menuName), or the path when none names it. */
  menu: string | null;
};

const seededPages: readonly MenuNode[] = menus.flatMap(({ tree }) => menuPages(tree));

/**
 * The app's screens, each once, in the order the seeded menus list them (then any registered view
 * no seeded menu opens): what the menu form offers instead of a path to type.
 */
export function viewOptions(): ViewOption[] {
  const seen = new Set<ComponentType>();
  const out: ViewOption[] = [];
  const add = (value: string, menu: string | null) => {
    const view = resolveView(value);
    if (!view || seen.has(view)) return;
    seen.add(view);
    out.push({ value, menu });
  };
  for (const page of seededPages) if (page.viewPath) add(page.viewPath, page.name);
  for (const view of registeredViews()) add(view.viewPath, null);
  return out;
}

/** The option that opens the same screen as `viewPath` (any spelling of its path), if one does. */
export function optionOf(options: readonly ViewOption[], viewPath: string | null | undefined): ViewOption | undefined {
  const view = resolveView(viewPath);
  return view ? options.find((o) => resolveView(o.value) === view) : undefined;
}

/** An option's name in the reader's language. */
export const optionName = (option: ViewOption) => (option.menu === null ? option.value : menuName(option.menu));
