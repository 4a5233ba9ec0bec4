import { addMessages } from '../../core/i18n';
import { registerView } from '../../core/views';

export function installRecycle() {
  // Only this module's screens use its texts: they load with the first of them to open.
  addMessages('recycle', (locale) => import(`./locales/${locale}.json`), { withScreens: true });
  // The seeded menu names, translated where the menu shows them.
  addMessages('menus', {
    'zh-cn': {},
    'zh-tw': {
      数据管理: '資料管理',
      数据回收站: '資料回收站',
      恢复数据: '恢復資料',
      单个信息: '單個資訊',
      分页查询: '分頁查詢',
    },
    en: { 数据管理: 'Data', 数据回收站: 'Recycle bin', 恢复数据: 'Restore', 单个信息: 'Details', 分页查询: 'List' },
  });
  registerView('modules/recycle/views/data.vue', () => import('./views/data'), 'recycle');
}
