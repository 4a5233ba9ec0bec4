import { addMessages } from '../../core/i18n';
import { registerView } from '../../core/views';

export function installHelper() {
  // Only this module's screens use its texts: they load with the first of them to open.
  addMessages('helper', (locale) => import(`./locales/${locale}.json`), { withScreens: true });
  // The seeded menu names, translated where the menu shows them.
  addMessages('menus', {
    'zh-cn': {},
    'zh-tw': { 实用工具: '實用工具', 数据转换: '資料轉換' },
    en: { 实用工具: 'Tools', 数据转换: 'Transform' },
  });
  registerView('modules/helper/views/transform.vue', () => import('./views/transform'), 'helper');
  // The AI fast-coding helper: a cached menu page (its tab keeps the form and the preview).
  registerView('modules/helper/views/ai-code.vue', () => import('./views/ai-code'), 'helper');
}
