import { z } from 'zod';
import { col } from '../core/columns.js';
import {
  defineEntity,
  idSchema,
  intLike,
  MAX_PAGE_SIZE,
  type RowOf,
  returns,
  type StandardInputs,
} from '../core/entity.js';
import type { PageResult } from '../core/envelope.js';
import { type Label, label } from '../core/i18n.js';

/** status: 0 stopped, 1 running. */
export const TASK_STATUS = [0, 1] as const;
export type TaskStatus = (typeof TASK_STATUS)[number];
/** type: 0 system (seeded by a module, cannot be deleted), 1 user. */
export const TASK_TYPES = [0, 1] as const;
export type TaskType = (typeof TASK_TYPES)[number];
/** taskType: 0 cron, 1 fixed interval (`every`). */
export const TASK_SCHEDULES = [0, 1] as const;
export type TaskSchedule = (typeof TASK_SCHEDULES)[number];
/** A run's status in the log: 0 failed, 1 succeeded. */
export const TASK_LOG_STATUS = [0, 1] as const;
export type TaskLogStatus = (typeof TASK_LOG_STATUS)[number];
/** What started a run: 0 the schedule, 1 an operator's "run once". */
export const TASK_TRIGGERS = [0, 1] as const;
export type TaskTrigger = (typeof TASK_TRIGGERS)[number];

/** The shortest interval a task may repeat at, in milliseconds (the screen enters whole seconds). */
export const TASK_MIN_EVERY_MS = 1000;
/** The longest interval: 366 days. */
export const TASK_MAX_EVERY_MS = 366 * 86_400_000;
export const TASK_CRON_MAX = 100;

/** Fields the scheduler keeps; a client's values for them are ignored on add and update. */
export const TASK_SERVER_FIELDS = [
  'jobId',
  'repeatConf',
  'type',
  'nextRunTime',
  'lastExecuteTime',
  'lockExpireTime',
] as const;

const idBody = z.object({ id: idSchema });

/** The declaration, with or without its own add/update bodies (derived below from its schemas). */
function declare<I extends StandardInputs = Record<never, z.ZodType>>(inputs?: I) {
  return defineEntity({
    module: 'task',
    path: 'info',
    entityName: 'TaskInfoEntity',
    table: 'task_info',
    label: label('定时任务', '定時任務', 'Scheduled task'),
    columns: {
      jobId: col.string({ label: label('任务ID', '任務ID', 'Job id'), nullable: true, max: 100 }),
      /** What the scheduler keeps between runs (`{"count":N}`: runs since the last start). */
      repeatConf: col.string({ label: label('任务配置', '任務配置', 'Repeat state'), nullable: true, max: 1000 }),
      name: col.string({ label: label('名称', '名稱', 'Name'), min: 1, max: 100 }),
      cron: col.string({ label: label('cron', 'cron', 'Cron'), nullable: true, max: TASK_CRON_MAX }),
      limit: col.int({ label: label('最大执行次数', '最大執行次數', 'Run limit'), nullable: true, min: 1 }),
      every: col.int({
        label: label('执行间隔', '執行間隔', 'Interval'),
        nullable: true,
        min: TASK_MIN_EVERY_MS,
        max: TASK_MAX_EVERY_MS,
      }),
      remark: col.string({ label: label('备注', '備註', 'Remark'), nullable: true, max: 500 }),
      status: col.intEnum(TASK_STATUS, {
        label: label('状态', '狀態', 'Status'),
        default: 1,
        index: true,
        valueLabels: { 0: label('已停止', '已停止', 'Stopped'), 1: label('运行中', '執行中', 'Running') },
      }),
      startDate: col.datetime({ label: label('开始时间', '開始時間', 'Start date'), nullable: true }),
      endDate: col.datetime({ label: label('结束时间', '結束時間', 'End date'), nullable: true }),
      data: col.text({ label: label('参数', '參數', 'Arguments'), nullable: true }),
      service: col.string({ label: label('执行的处理器', '執行的處理器', 'Handler'), min: 1, max: 100 }),
      type: col.intEnum(TASK_TYPES, { label: label('类型', '類型', 'Kind'), default: 0 }),
      nextRunTime: col.datetime({ label: label('下一次执行时间', '下一次執行時間', 'Next run'), nullable: true }),
      taskType: col.intEnum(TASK_SCHEDULES, { label: label('调度方式', '調度方式', 'Schedule'), default: 0 }),
      lastExecuteTime: col.datetime({ label: label('上次执行时间', '上次執行時間', 'Last run'), nullable: true }),
      /** The embedded scheduler's lease: the exact instant (UTC) of the next tick; a tick is claimed by moving it on. */
      lockExpireTime: col.string({ label: label('锁过期时间', '鎖過期時間', 'Lease until'), nullable: true, max: 30 }),
    },
    query: { keyWordLikeFields: ['name', 'service', 'remark'], fieldEq: ['status', 'type', 'taskType'] },
    extra: {
      start: { method: 'post', summary: label('开始', '開始', 'Start'), input: idBody, output: returns<undefined>() },
      stop: { method: 'post', summary: label('停止', '停止', 'Stop'), input: idBody, output: returns<undefined>() },
      once: {
        method: 'post',
        summary: label('执行一次', '執行一次', 'Run once'),
        input: idBody,
        output: returns<undefined>(),
      },
      log: {
        method: 'get',
        summary: label('日志', '日誌', 'Run log'),
        input: z.object({
          id: z.preprocess((v) => (v === '' || v === null ? undefined : v), idSchema.optional()),
          status: z.preprocess(
            (v) => (v === '' || v === null ? undefined : v),
            intLike.pipe(z.union([z.literal(0), z.literal(1)])).optional(),
          ),
          page: z.preprocess((v) => (v === '' ? undefined : v), intLike.pipe(z.number().min(1)).optional()).default(1),
          size: z
            .preprocess(
              (v) => (v === '' ? undefined : v),
              intLike.pipe(z.number().min(1).max(MAX_PAGE_SIZE)).optional(),
            )
            .default(20),
        }),
        output: returns<PageResult<TaskLog>>(),
      },
      handlers: {
        method: 'get',
        summary: label('可执行的处理器', '可執行的處理器', 'Handlers'),
        output: returns<TaskHandlers>(),
      },
    },
    defaultOrder: { column: 'id', sort: 'desc' },
    inputs,
  });
}

/** The declaration without the write rules, to derive the add/update bodies from its own schemas. */
const draft = declare();
const omitted = Object.fromEntries(TASK_SERVER_FIELDS.map((f) => [f, true])) as Record<
  (typeof TASK_SERVER_FIELDS)[number],
  true
>;
const createBody = draft.schemas.create.omit(omitted);
const updateBody = draft.schemas.update.omit(omitted);

/**
 * Scheduled tasks (docs/spec.md §3): `service` names a registered handler, `data` is its JSON arguments.
 * Cron or a fixed interval (`every`, milliseconds; ignored when cron is set), between startDate
 * and endDate, at most `limit` runs. start/stop/once steer it; log pages its runs.
 */
export const taskInfo = declare({
  add: z.union([createBody, z.array(createBody).min(1).max(100)]),
  update: updateBody,
});

export type TaskInfo = RowOf<typeof taskInfo.columns>;
export type TaskInfoInput = z.infer<typeof createBody>;

/** One run of a task, as the log call returns it. */
export const taskLog = defineEntity({
  module: 'task',
  path: 'log',
  entityName: 'TaskLogEntity',
  table: 'task_log',
  label: label('任务日志', '任務日誌', 'Task run log'),
  standard: [],
  columns: {
    taskId: col.int({ label: label('任务', '任務', 'Task') }),
    status: col.intEnum(TASK_LOG_STATUS, { label: label('状态', '狀態', 'Status'), default: 1 }),
    /** The result, or the error, as text. */
    detail: col.text({ label: label('详情', '詳情', 'Detail'), nullable: true }),
    /** Milliseconds from start to end. */
    duration: col.int({ label: label('耗时', '耗時', 'Duration'), default: 0, min: 0 }),
    trigger: col.intEnum(TASK_TRIGGERS, { label: label('触发方式', '觸發方式', 'Trigger'), default: 0 }),
  },
  joined: { taskName: { label: label('任务名称', '任務名稱', 'Task name'), type: 'string' } },
  // The log page of one task, newest first.
  indexes: [{ columns: ['taskId', 'id'] }],
});

export type TaskLog = RowOf<typeof taskLog.columns> & { taskName?: string | null };

/** What `handlers` answers: the registered handlers and the zone cron patterns and task times use. */
export type TaskHandlerInfo = {
  name: string;
  label: Label;
  /** The arguments' JSON Schema, to show the operator what `data` takes. */
  args: unknown;
};
export type TaskHandlers = { timezone: string; handlers: TaskHandlerInfo[] };
