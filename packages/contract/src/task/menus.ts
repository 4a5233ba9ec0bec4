import { defineMenus, menuDirectory, menuPage, permRow } from '../core/menu.js';
import { taskInfo } from './task-info.js';

const p = taskInfo.perms;

/**
 * The family's task menu (`/task/list`, `modules/task/views/list.vue`) under 系统管理 → 任务管理,
 * with a permission row per thing a role may do there; the handler list the form needs goes with
 * viewing, adding and editing.
 */
export const taskMenus = defineMenus('task', '1', [
  menuDirectory(
    '系统管理',
    'icon-system',
    2,
    [
      menuDirectory('任务管理', 'icon-activity', 9, [
        menuPage('任务列表', '/task/list', 'modules/task/views/list.vue', 'icon-menu', 0, [
          permRow('查询', [p.page, p.list, p.info, p.handlers], 1),
          permRow('新增', [p.add, p.handlers], 2),
          permRow('修改', [p.info, p.update, p.handlers], 3),
          permRow('删除', [p.delete], 4),
          permRow('启停', [p.start, p.stop], 5),
          permRow('执行一次', [p.once, p.info], 6),
          permRow('日志', [p.log], 7),
        ]),
      ]),
      // The base module's 系统管理 carries the router /sys; the same router makes the import merge into it.
    ],
    '/sys',
  ),
]);
