import { label } from '@backroom/contract';
import type { AppContext } from '../../core/context.js';
import { type Db, formatTime } from '../../core/db/index.js';
import { writeRepeatState } from './scheduler/types.js';
import { insertSystemTask, systemTaskServices } from './task-info.repository.js';

/**
 * The system tasks (type 0) the product runs: the retention of the request log and of the recycle
 * bin, daily; named in SEED_LOCALE's language when added.
 */
export const SYSTEM_TASKS = [
  {
    service: 'base:log-retention',
    name: label('请求日志保留清理', '請求日誌保留清理', 'Request log retention'),
    cron: '0 3 * * *',
    remark: label(
      '每天 03:00 删除超过保存天数的请求日志',
      '每天 03:00 刪除超過保存天數的請求日誌',
      'Every day at 03:00, deletes request log entries older than the days kept',
    ),
  },
  {
    service: 'recycle:retention',
    name: label('回收站数据保留清理', '回收站資料保留清理', 'Recycle bin retention'),
    cron: '30 3 * * *',
    remark: label(
      '每天 03:30 删除超过保存天数的回收站数据',
      '每天 03:30 刪除超過保存天數的回收站資料',
      'Every day at 03:30, deletes recycle bin entries older than the days kept',
    ),
  },
  {
    service: 'base:audit-retention',
    name: label('操作审计保留清理', '操作稽核保留清理', 'Audit retention'),
    cron: '0 3 * * *',
    remark: label(
      '每天 03:00 分批删除超过保存天数（auditKeepDays）的操作审计事件',
      '每天 03:00 分批刪除超過保存天數（auditKeepDays）的操作稽核事件',
      'Every day at 03:00, deletes audit events older than the days kept (auditKeepDays), in batches',
    ),
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
      service: task.service,
      cron: task.cron,
      name: task.name[ctx.config.seedLocale],
      remark: task.remark[ctx.config.seedLocale],
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
