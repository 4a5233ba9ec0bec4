import { addMessages } from '../../core/i18n';
import { registerFixedRoute, type TitleText } from '../../core/routes';
import { registerView } from '../../core/views';

export function installDemo() {
  // The texts of the language in use load when the signed-in shell starts (prepareShell).
  addMessages('demo', (locale) => import(`./locales/${locale}.json`));
  addMessages('demo', (locale) => import(`./locales/home/${locale}.json`));
  // The seeded menu names, translated where the menu shows them (menus are data, seeded in zh-cn).
  addMessages('menus', {
    'zh-cn': {},
    'zh-tw': {
      首页: '首頁',
      框架教程: '框架教學',
      'crud 示例': 'CRUD 示例',
      多租户示例: '多租戶示例',
      本租户数据: '本租戶資料',
      全部租户数据: '全部租戶資料',
      无租户数据: '無租戶資料',
    },
    en: {
      首页: 'Home',
      框架教程: 'Tutorials',
      'crud 示例': 'CRUD demo',
      多租户示例: 'Tenant demo',
      本租户数据: "This tenant's rows",
      全部租户数据: "Every tenant's rows",
      无租户数据: 'Rows without tenants',
    },
  });
  // Each distinct URL of the route demo is a tab of its own (its key is the whole path), titled
  // with its parameters so that two of them tell apart.
  registerFixedRoute(
    '/demo/test/route/:id/:name?',
    ({ id = '', name }): TitleText =>
      name ? { key: 'demo.route.tabNamed', values: { id, name } } : { key: 'demo.route.tab', values: { id } },
    () => import('./views/test/route'),
  );
  registerView('modules/demo/views/home/index.vue', () => import('./views/home/index'));
  registerView('modules/demo/views/crud/index.vue', () => import('./views/crud/index'));
  registerView('modules/demo/views/tenant.vue', () => import('./views/tenant'));
}
