import { defineMenus, menuDirectory, menuPage, permRow } from '../core/menu.js';
import { taskInfo } from './task-info.js';

const p = taskInfo.perms;

/**
 * The family's task menu (`/task/list`, `modules/task/views/list.vue`) under 系统管理 → 任务管理,
 * with its one permission row; the handler list the form needs goes with it.
 */
export const taskMenus = defineMenus('task', '1', [
  menuDirectory(
    '系统管理',
    'icon-system',
    2,
    [
      menuDirectory('任务管理', 'icon-activity', 9, [
        menuPage('任务列表', '/task/list', 'modules/task/views/list.vue', 'icon-menu', 0, [
          permRow(
            '权限',
            [p.page, p.list, p.info, p.add, p.delete, p.update, p.stop, p.start, p.once, p.log, p.handlers],
            0,
          ),
        ]),
      ]),
      // The base module's 系统管理 carries the router /sys; the same router makes the import merge into it.
    ],
    '/sys',
  ),
]);
