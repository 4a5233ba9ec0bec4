import { addMessages } from '../../core/i18n';
import { registerFixedRoute } from '../../core/routes';
import { registerView } from '../../core/views';

/** The seeded menu name of the home, in each language (menus are data, seeded in zh-cn). */
const MENUS = { 'zh-cn': {}, 'zh-tw': { 首页: '首頁' }, en: { 首页: 'Home' } };

export function installDemo() {
  // The texts of the language in use load when the signed-in shell starts (prepareShell).
  addMessages('demo', (locale) => import(`./locales/${locale}.json`));
  addMessages('demo', (locale) => import(`./locales/home/${locale}.json`));
  addMessages('menus', MENUS);
  registerFixedRoute('/demo/test/route/:id/:name?', 'demo.route.title', () => import('./views/test/route'));
  registerView('modules/demo/views/home/index.vue', () => import('./views/home/index'));
}
