import { menuPages, menus } from '@backroom/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { isFrameView, resolveView } from '../core/views';
import { installModules } from '.';

/** Every page the modules seed (type 1), with the module that seeds it. */
const pages = menus.flatMap(({ module, tree }) =>
  menuPages(tree).map((page) => ({ module, name: page.name, viewPath: page.viewPath ?? null })),
);

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
    // The app's own path, a React view's module path: no `.vue` (the family's form still resolves, below).
    expect(viewPath).toMatch(/^modules\/[a-z-]+\/views\/[a-z/-]+$/);
    expect(resolveView(`${viewPath}.vue`)).toBe(resolveView(viewPath));
  });

  it('would notice a page naming a view nobody registered', () => {
    expect(resolveView('modules/base/views/nowhere.vue')).toBeUndefined();
  });
});
