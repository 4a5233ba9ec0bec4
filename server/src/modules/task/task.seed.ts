import type { AppContext } from '../../core/context.js';
import { type Db, formatTime } from '../../core/db/index.js';
import { writeRepeatState } from './scheduler/types.js';
import { insertSystemTask, systemTaskServices } from './task-info.repository.js';

/** The system tasks (type 0) the product runs: the retention of the request log and of the recycle bin, daily. */
export const SYSTEM_TASKS = [
  {
    service: 'base:log-retention',
    name: '请求日志保留清理',
    cron: '0 3 * * *',
    remark: '每天 03:00 删除超过保存天数的请求日志',
  },
  {
    service: 'recycle:retention',
    name: '回收站数据保留清理',
    cron: '30 3 * * *',
    remark: '每天 03:30 删除超过保存天数的回收站数据',
  },
] as const;

/**
 * Adds each system task whose handler is registered and which is not there yet, running. A task
 * the operator stopped or rescheduled stays as they left it; one whose handler is missing (its
 * module is not installed) is added at the first start that has it.
 */
export async function seedTasks(ctx: AppContext, trx: Db): Promise<void> {
  const present = await systemTaskServices(trx);
  const now = formatTime();
  for (const task of SYSTEM_TASKS) {
    if (present.has(task.service) || !ctx.taskHandlers.get(task.service)) continue;
    await insertSystemTask(trx, {
      ...task,
      jobId: null,
      repeatConf: writeRepeatState({ count: 0 }),
      limit: null,
      every: null,
      status: 1,
      startDate: null,
      endDate: null,
      data: null,
      type: 0,
      nextRunTime: null,
      taskType: 0,
      lastExecuteTime: null,
      lockExpireTime: null,
      createTime: now,
      updateTime: now,
    });
  }
}
