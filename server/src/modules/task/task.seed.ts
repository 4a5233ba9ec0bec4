import { type Label, label } from '@backroom/contract';
import { BACKUP_TASK } from '../../backup/backup.task.js';
import type { AppContext } from '../../core/context.js';
import { type Db, formatTime } from '../../core/db/index.js';
import { writeRepeatState } from './scheduler/types.js';
import { insertSystemTask, paramValue, systemTaskServices } from './task-info.repository.js';

/**
 * The system tasks (type 0) the product runs: the nightly backup (server/src/backup), the retention
 * of the request log and of the recycle bin, daily; named in SEED_LOCALE's language when added.
 */
export const SYSTEM_TASKS = [
  BACKUP_TASK,
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
    service: 'customer:visits-tomorrow',
    name: label('明日到访提醒', '明日到訪提醒', "Tomorrow's visits reminder"),
    cron: '0 18 * * *',
    timeParam: 'reminderTime',
    remark: label(
      '每天在参数 reminderTime（默认 18:00）提醒每位员工明天的邀约',
      '每天在參數 reminderTime（預設 18:00）提醒每位員工明天的邀約',
      "Every day at the parameter reminderTime (18:00 by default), tells each owner of tomorrow's invitations",
    ),
  },
  {
    service: 'customer:visits-today',
    name: label('今日到访提醒', '今日到訪提醒', "Today's visits reminder"),
    cron: '30 8 * * *',
    timeParam: 'morningReminderTime',
    remark: label(
      '每天在参数 morningReminderTime（默认 08:30）提醒今天的邀约，并告知未到店的客户',
      '每天在參數 morningReminderTime（預設 08:30）提醒今天的邀約，並告知未到店的客戶',
      "Every day at the parameter morningReminderTime (08:30 by default), tells each owner of today's invitations and of yesterday's no-shows",
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
] as const satisfies readonly SystemTask[];

type SystemTask = {
  service: string;
  name: Label;
  cron: string;
  remark: Label;
  /** A parameter holding the task's time of day (`HH:mm`, in TASK_TIMEZONE): its cron follows it. */
  timeParam?: string;
};

/** `HH:mm` as a daily cron pattern; null for anything else. */
export function dailyCron(time: string | null | undefined): string | null {
  const match = /^\s*([01]?\d|2[0-3]):([0-5]\d)\s*$/.exec(time ?? '');
  if (!match) return null;
  return `${Number(match[2])} ${Number(match[1])} * * *`;
}

/** The system tasks whose time a parameter holds, by the parameter. */
export function tasksFollowing(keyName: string): readonly SystemTask[] {
  return (SYSTEM_TASKS as readonly SystemTask[]).filter((task) => task.timeParam === keyName);
}

/**
 * Adds each system task whose handler is registered and which is not there yet, running. A task
 * the operator stopped or rescheduled stays as they left it; one whose handler is missing (its
 * module is not installed) is added at the first start that has it.
 */
export async function seedTasks(ctx: AppContext, trx: Db): Promise<void> {
  const present = await systemTaskServices(trx);
  const now = formatTime();
  for (const task of SYSTEM_TASKS as readonly SystemTask[]) {
    if (present.has(task.service) || !ctx.taskHandlers.get(task.service)) continue;
    const time = task.timeParam ? await paramValue(trx, task.timeParam) : null;
    await insertSystemTask(trx, {
      service: task.service,
      cron: dailyCron(time) ?? task.cron,
      name: task.name[ctx.config.seedLocale],
      remark: task.remark[ctx.config.seedLocale],
      jobId: null,
      repeatConf: writeRepeatState({ count: 0 }),
      limit: null,
      every: null,
      status: 1,
      startDate: null,
      endDate: null,
      data: 'data' in task ? JSON.stringify(task.data) : null,
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
