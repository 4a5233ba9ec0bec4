import { z } from 'zod';
import { col } from '../core/columns.js';
import { defineEntity, intLike, type RowOf, returns } from '../core/entity.js';
import { label } from '../core/i18n.js';

/** How an answer ended, as the log screen's outcome column and filter say it. */
export const LOG_OUTCOMES = ['success', 'refused', 'failed'] as const;
export type LogOutcome = (typeof LOG_OUTCOMES)[number];

/** The outcome of an HTTP status: refused for 4xx (a rule, a permission, a missing id), failed for 5xx. */
export function outcomeOf(status: number | null | undefined): LogOutcome | null {
  if (status === null || status === undefined) return null;
  return status >= 500 ? 'failed' : status >= 400 ? 'refused' : 'success';
}

/** Default days a request log row is kept. */
export const DEFAULT_LOG_KEEP_DAYS = 31;

export const sysLog = defineEntity({
  module: 'base',
  path: 'sys/log',
  entityName: 'BaseSysLogEntity',
  table: 'base_sys_log',
  label: label('请求日志', '請求日誌', 'Request log'),
  standard: ['page'],
  columns: {
    userId: col.int({ label: label('用户', '使用者', 'User'), nullable: true, index: true }),
    action: col.string({ label: label('请求地址', '請求地址', 'Request address'), max: 255 }),
    ip: col.string({ label: label('IP', 'IP', 'IP'), nullable: true, max: 64 }),
    params: col.json(z.unknown(), { label: label('参数', '參數', 'Parameters'), nullable: true }),
    /** The answer's HTTP status (null on rows written before it was kept). */
    status: col.int({ label: label('状态码', '狀態碼', 'HTTP status'), nullable: true }),
    /** The envelope's code (1000 success, 1001/1002/1003 failure), when the answer had one. */
    code: col.int({ label: label('结果码', '結果碼', 'Code'), nullable: true }),
    /** Milliseconds from the request's arrival to its answer. */
    duration: col.int({ label: label('耗时', '耗時', 'Duration'), nullable: true }),
    /** The request's id, shared with the audit events the request wrote (base/sys/audit). */
    reqId: col.string({ label: label('请求标识', '請求標識', 'Request id'), nullable: true, max: 40, index: true }),
    /** A refused or failed answer's message, as the caller read it. */
    message: col.string({ label: label('提示信息', '提示訊息', 'Message'), nullable: true, max: 255 }),
  },
  query: { keyWordLikeFields: ['action', 'ip'], fieldEq: ['userId', 'reqId'] },
  filters: {
    /** success: 2xx/3xx; refused: 4xx; failed: 5xx (LOG_OUTCOMES). */
    outcome: z.enum(LOG_OUTCOMES).optional(),
  },
  joined: { name: { label: label('用户', '使用者', 'User'), type: 'string' } },
  // The page's keyword searches the user's name as well (sys-log.service.ts keywordRefs).
  keyWordJoined: ['name'],
  extra: {
    setKeep: {
      method: 'post',
      summary: label('日志保存时间', '日誌保存時間', 'Set keep days'),
      input: z.object({ value: intLike.pipe(z.number().min(1).max(3650)) }),
      output: returns<undefined>(),
    },
    getKeep: { method: 'get', summary: label('获得日志保存时间', '取得日誌保存時間', 'Keep days'), output: z.number() },
    clear: { method: 'post', summary: label('清空日志', '清空日誌', 'Clear log'), output: returns<undefined>() },
  },
});

export type SysLog = RowOf<typeof sysLog.columns> & { name?: string | null };
