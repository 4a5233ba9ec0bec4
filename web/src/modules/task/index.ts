import { addMessages } from '../../core/i18n';
import { registerView } from '../../core/views';

export function installTask() {
  // The texts of the language in use load when the signed-in shell starts (prepareShell).
  addMessages('task', (locale) => import(`./locales/${locale}.json`));
  // The seeded menu names, translated where the menu shows them.
  addMessages('menus', {
    'zh-cn': {},
    'zh-tw': { 任务管理: '任務管理', 任务列表: '任務列表' },
    en: { 任务管理: 'Scheduled tasks', 任务列表: 'Tasks' },
  });
  registerView('modules/task/views/list.vue', () => import('./views/list'));
}
