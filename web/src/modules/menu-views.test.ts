import { type MenuNode, menuPages, menus } from '@backroom/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { i18n } from '../core/i18n';
import { isFrameView, resolveView } from '../core/views';
import { installModules } from '.';

/** Every page the modules seed (type 1), with the module that seeds it. */
const pages = menus.flatMap(({ module, tree }) =>
  menuPages(tree).map((page) => ({ module, name: page.name, viewPath: page.viewPath ?? null })),
);

/** The app's own spelling of a family's view path, as earlier releases seeded it: no `cool/`, `/index` or `.vue`. */
const ownForm = (viewPath: string) => viewPath.replace(/^cool\//, '').replace(/(\/index)?\.vue$/, '');

describe('the seeded menus', () => {
  beforeAll(() => installModules());

  it('seed pages', () => {
    expect(pages.length).toBeGreaterThan(5);
  });

  // A page whose view nobody registered opens on "not found": the menu and the web app disagree.
  it.each(pages)('$module: $name opens a registered view ($viewPath)', ({ viewPath }) => {
    expect(viewPath).toBeTruthy();
    if (isFrameView(viewPath)) return;
    expect(resolveView(viewPath)).toBeDefined();
    // The family's form, as its Vue client looks the file up ('/src/' + viewPath without `cool/`).
    expect(viewPath).toMatch(/^(cool\/)?modules\/[a-z-]+\/views\/[a-z/-]+\.vue$/);
    // Rows an earlier release seeded in the app's own form open the same view.
    expect(resolveView(ownForm(viewPath ?? ''))).toBe(resolveView(viewPath));
  });

  // The breadcrumb, the sidebar, the tabs and the role screen's tree show every seeded name in the
  // reader's language: one missing in Traditional Chinese would fall back to the Simplified name.
  it.each(['zh-tw', 'en'] as const)('names every seeded menu and permission row in %s', (locale) => {
    const flat = (nodes: readonly MenuNode[]): MenuNode[] => nodes.flatMap((n) => [n, ...flat(n.childMenus ?? [])]);
    const names = [...new Set(menus.flatMap((m) => flat(m.tree)).map((n) => n.name))];
    const untranslated = names.filter((name) => i18n.getResource(locale, 'translation', `menus.${name}`) === undefined);
    expect(untranslated).toEqual([]);
  });

  it('would notice a page naming a view nobody registered', () => {
    expect(resolveView('modules/base/views/nowhere.vue')).toBeUndefined();
  });
});
