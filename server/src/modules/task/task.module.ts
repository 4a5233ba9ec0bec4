import { label, taskMenus } from '@backroom/contract';
import type { FastifyInstance } from 'fastify';
import { backupHandler } from '../../backup/backup.task.js';
import type { AppContext } from '../../core/context.js';
import { alertKind } from '../../core/message-center.js';
import { menuSeed, permRowsSeed, type SysMenuService, type SysParamService } from '../base/index.js';
import { createEmbeddedScheduler } from './scheduler/embedded.js';
import { createRunner } from './scheduler/runner.js';
import type { TaskScheduler } from './scheduler/types.js';
import { demoHandler } from './task.handlers.js';
import { dailyCron, seedTasks, tasksFollowing } from './task.seed.js';
import { registerTaskInfoRoutes } from './task-info.routes.js';
import { createTaskInfoService } from './task-info.service.js';

/**
 * Scheduled tasks: task/info and its start, stop, once and log calls, the scheduler chosen by
 * configuration (embedded by default, BullMQ with REDIS_URL), the demo and nightly backup handlers
 * and the system tasks. Registered after every other module, so their handlers are there to be scheduled.
 */
export async function registerTask(
  app: FastifyInstance,
  ctx: AppContext,
  base: { menus: SysMenuService; params: SysParamService },
) {
  ctx.taskHandlers.register(demoHandler);
  ctx.taskHandlers.register(backupHandler(ctx));
  ctx.messages.registerKind(
    alertKind(
      'taskFailed',
      label('任务失败', '任務失敗', 'Failed tasks'),
      label('任务失败：{task}', '任務失敗：{task}', 'Task failed: {task}'),
      label('{error}', '{error}', '{error}'),
    ),
  );
  const runner = createRunner(ctx);
  let scheduler: TaskScheduler;
  if (ctx.config.redisUrl) {
    const { createBullScheduler } = await import('./scheduler/bullmq.js');
    scheduler = await createBullScheduler(ctx, runner);
  } else {
    scheduler = createEmbeddedScheduler(ctx, runner);
  }
  ctx.onDrain((deadline) => scheduler.drain(deadline));
  ctx.onClose(() => scheduler.close());
  const tasks = createTaskInfoService(ctx, scheduler, runner);
  registerTaskInfoRoutes(app, ctx, tasks);
  // A reminder's time is a parameter (reminderTime, morningReminderTime): its task's cron follows it.
  base.params.onChange(async (keyName, data) => {
    const cron = dailyCron(data);
    if (cron) for (const task of tasksFollowing(keyName)) await tasks.followTime(task.service, cron);
  });
  ctx.seeds.add(menuSeed(taskMenus, base.menus));
  ctx.seeds.add(permRowsSeed(taskMenus, '/task/list', '权限', base.menus));
  // Every start: a system task whose module came with this version is added, running.
  ctx.seeds.add({ module: 'task', name: 'system-tasks', when: 'always', run: (trx) => seedTasks(ctx, trx) });
  ctx.onStart(() => scheduler.start());
  return { tasks, scheduler };
}
