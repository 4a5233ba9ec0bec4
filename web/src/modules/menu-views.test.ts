import { menuPages, menus } from '@backroom/contract';
import { beforeAll, describe, expect, it } from 'vitest';
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

  it('would notice a page naming a view nobody registered', () => {
    expect(resolveView('modules/base/views/nowhere.vue')).toBeUndefined();
  });
});
