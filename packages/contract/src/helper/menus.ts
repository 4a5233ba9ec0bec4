import { defineMenus, menuDirectory, menuPage } from '../core/menu.js';

/**
 * The transform utility (`/helper/transform`, `modules/helper/views/transform.vue`) under 实用工具.
 * It converts in the browser and calls no endpoint, so it has no permission rows: a role sees it
 * when the menu is given to it. A step of its own (`menus-transform`), so installs made before it
 * receive it.
 */
export const helperTransformMenus = defineMenus(
  'helper',
  '1',
  [
    menuDirectory('实用工具', 'icon-component', 8, [
      menuPage('数据转换', '/helper/transform', 'modules/helper/views/transform.vue', 'icon-vue', 1, []),
    ]),
  ],
  'menus-transform',
);
