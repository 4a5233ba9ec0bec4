import { addMessages } from '../../core/i18n';
import { registerView } from '../../core/views';

export function installTask() {
  // Only this module's screens use its texts: they load with the first of them to open.
  addMessages('task', (locale) => import(`./locales/${locale}.json`), { withScreens: true });
  // The seeded menu names, translated where the menu shows them.
  addMessages('menus', {
    'zh-cn': {},
    'zh-tw': { 任务管理: '任務管理', 任务列表: '任務列表' },
    en: { 任务管理: 'Scheduled tasks', 任务列表: 'Tasks' },
  });
  registerView('modules/task/views/list.vue', () => import('./views/list'), 'task');
}
