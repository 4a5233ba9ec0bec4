import { addMessages } from '../../core/i18n';
import { registerView } from '../../core/views';
import en from './locales/en.json';
import zhCn from './locales/zh-cn.json';
import zhTw from './locales/zh-tw.json';

export function installTask() {
  addMessages('task', { 'zh-cn': zhCn, 'zh-tw': zhTw, en });
  // The seeded menu names, translated where the menu shows them.
  addMessages('menus', {
    'zh-cn': {},
    'zh-tw': { 任务管理: '任務管理', 任务列表: '任務列表' },
    en: { 任务管理: 'Scheduled tasks', 任务列表: 'Tasks' },
  });
  registerView('modules/task/views/list.vue', () => import('./views/list'));
}
