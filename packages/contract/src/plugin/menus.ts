import { defineMenus, menuDirectory, menuPage, permRow } from '../core/menu.js';
import { pluginInfo } from './plugin-info.js';

const p = pluginInfo.perms;

/**
 * The family's plugin screen (扩展管理 → 后端插件, `/helper/plugins/serve`,
 * `modules/helper/views/plugins/serve.vue`, where the family keeps it; the web app's screen lives in the plugin module), with a permission row per thing a role may do there.
 */
export const pluginMenus = defineMenus('plugin', '1', [
  menuDirectory('扩展管理', 'icon-favor', 8, [
    menuPage('后端插件', '/helper/plugins/serve', 'modules/helper/views/plugins/serve.vue', 'icon-component', 2, [
      permRow('查询', [p.page, p.list, p.info], 1),
      permRow('安装', [p.install, p.inspect, p.page, p.info], 2),
      permRow('启停与配置', [p.update, p.clearError, p.info], 3),
      permRow('卸载', [p.delete], 4),
    ]),
  ]),
]);
