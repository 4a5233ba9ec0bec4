import { addMessages } from '../../core/i18n';
import { registerView } from '../../core/views';

export function installPlugin() {
  addMessages('plugin', (locale) => import(`./locales/${locale}.json`), { withScreens: true });
  addMessages('menus', {
    'zh-cn': {},
    'zh-tw': { 扩展管理: '擴充管理', 后端插件: '後端外掛', 安装: '安裝', 启停与配置: '啟停與設定', 卸载: '解除安裝' },
    en: {
      扩展管理: 'Extensions',
      后端插件: 'Plugins',
      安装: 'Install',
      启停与配置: 'Enable and configure',
      卸载: 'Uninstall',
    },
  });
  // The family keeps this screen in its helper module, where its menus (and ours, as seeded) point.
  registerView('modules/plugin/views/serve.vue', () => import('./views/serve'), 'plugin', [
    'modules/helper/views/plugins/serve.vue',
  ]);
}
