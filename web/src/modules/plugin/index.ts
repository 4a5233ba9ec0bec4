import { addMessages } from '../../core/i18n';
import { registerView } from '../../core/views';

export function installPlugin() {
  addMessages('plugin', (locale) => import(`./locales/${locale}.json`), { withScreens: true });
  addMessages('menus', {
    'zh-cn': {},
    'zh-tw': { 扩展管理: '擴充管理', 后端插件: '後端外掛' },
    en: { 扩展管理: 'Extensions', 后端插件: 'Plugins' },
  });
  registerView('modules/plugin/views/serve.vue', () => import('./views/serve'), 'plugin');
}
