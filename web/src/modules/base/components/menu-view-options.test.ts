import { menuPages, menus } from '@backroom/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { registeredViews, resolveView } from '../../../core/views';
import { installModules } from '../../index';
import { optionOf, viewOptions } from './menu-view-options';

/** Every page the modules seed (type 1). */
const pages = menus.flatMap(({ tree }) => menuPages(tree));

describe("the menu form's choice of screens", () => {
  beforeAll(() => installModules());

  it('offers every registered view once, under the name and path of the seeded menu that opens it', () => {
    const options = viewOptions();
    expect(options.length).toBe(new Set(registeredViews().map((v) => resolveView(v.viewPath))).size);
    expect(new Set(options.map((o) => resolveView(o.value))).size).toBe(options.length);
    for (const option of options) {
      const page = pages.find((p) => p.viewPath === option.value);
      expect(page, option.value).toBeDefined();
      expect(option.menu).toBe(page?.name);
    }
  });

  it('finds the screen a path opens in any of its spellings', () => {
    const options = viewOptions();
    const user = options.find((o) => o.value === 'modules/base/views/user/index.vue');
    expect(optionOf(options, 'modules/base/views/user')).toBe(user);
    expect(optionOf(options, 'cool/modules/base/views/user/index.vue')).toBe(user);
    expect(optionOf(options, 'modules/plugin/views/serve')?.value).toBe('modules/helper/views/plugins/serve.vue');
    expect(optionOf(options, 'https://example.com')).toBeUndefined();
    expect(optionOf(options, null)).toBeUndefined();
  });
});
