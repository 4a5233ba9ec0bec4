import { m, type Texts } from '../../core/i18n-text.js';

/** The task module's server messages, in the three languages (joined in server/src/messages.ts). */
export const TASK_MESSAGES = {
  'task.unknownHandler': m(
    '没有名为“{service}”的任务处理器',
    '沒有名為「{service}」的任務處理器',
    'No task handler is named "{service}"',
  ),
  'task.argsJson': m('参数必须是有效的 JSON', '參數必須是有效的 JSON', 'The arguments must be valid JSON'),
  'task.badArgs': m(
    '参数不符合处理器的要求：{problem}',
    '參數不符合處理器的要求：{problem}',
    'The arguments do not fit the handler: {problem}',
  ),
  'task.cronRequired': m(
    'cron 任务需要填写 cron 表达式',
    'cron 任務需要填寫 cron 表達式',
    'A cron task needs a cron expression',
  ),
  'task.badCron': m(
    'cron 表达式不正确：{problem}',
    'cron 表達式不正確：{problem}',
    'The cron expression is wrong: {problem}',
  ),
  'task.everyRequired': m('间隔任务需要填写执行间隔', '間隔任務需要填寫執行間隔', 'An interval task needs an interval'),
  'task.endBeforeStart': m(
    '结束时间必须晚于开始时间',
    '結束時間必須晚於開始時間',
    'The end date must be after the start date',
  ),
  'task.nothingLeft': m(
    '该任务在结束时间之前已没有可执行的时间',
    '該任務在結束時間之前已沒有可執行的時間',
    'The task has no run time left before its end date',
  ),
  'task.systemDelete': m(
    '系统任务不能删除，可以停止它',
    '系統任務不能刪除，可以停止它',
    'System tasks cannot be deleted; stop them instead',
  ),
  'task.systemService': m(
    '系统任务不能更换处理器',
    '系統任務不能更換處理器',
    'The handler of a system task cannot be changed',
  ),
} as const satisfies Record<string, Texts>;
