import { z } from 'zod';
import { col } from '../core/columns.js';
import { defineEntity, intLike, type RowOf, returns } from '../core/entity.js';
import { label } from '../core/i18n.js';

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
  },
  query: { keyWordLikeFields: ['action', 'ip'], fieldEq: ['userId'] },
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
