import { z } from 'zod';
import { col } from '../core/columns.js';
import { defineEntity, idSchema, type RowOf, returns } from '../core/entity.js';
import { label } from '../core/i18n.js';
import { defineTable } from '../core/table.js';

/**
 * What an audit event says was done to a record (issue 39): the CRUD factory records add, update,
 * delete, restore and import for every entity; the modules record their own actions.
 */
export const AUDIT_ACTIONS = [
  'add',
  'update',
  'delete',
  'restore',
  'import',
  'handOver',
  'status',
  'reveal',
  'password',
  'forceLogout',
  'grant',
  'moveIn',
  'twoFactor',
  'runOnce',
  'install',
  'enable',
  'disable',
  'config',
  'uninstall',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/**
 * The entity key of move-in runs (server/src/move-in/move-in.ts): one event per run, record id the
 * run's number, one field per table (its name) with the run's counts.
 */
export const MOVE_IN_AUDIT_ENTITY = 'base/sys/moveIn';
export const moveInAuditLabel = label('迁入', '遷入', 'Move-in');

/** The parameter (base/sys/param) holding how many days events are kept; 0 keeps them for ever. */
export const AUDIT_KEEP_PARAM = 'auditKeepDays';
export const DEFAULT_AUDIT_KEEP_DAYS = 365;
/** A value kept in an event is cut to this many characters (its JSON text), with `…` after it. */
export const AUDIT_VALUE_MAX = 200;

/**
 * One changed field as stored: `f` the column, `o` and `n` the old and new value (cut at
 * AUDIT_VALUE_MAX). `w: 1` says the values were withheld: a secret (a password hash, a token, a
 * plugin's secret) is never stored, only that it changed. `m: 1` marks a sensitive column, whose
 * values are stored masked, as every answer shows them, and shown only to a reader who may reveal it.
 */
export type StoredChange = { f: string; o?: unknown; n?: unknown; w?: 1; m?: 1 };

/** One changed field as a reader gets it: the label in the reader's language, values as words. */
export type AuditChange = {
  field: string;
  label: string;
  /** Values withheld (a secret, or a masked field for a reader who may not reveal it): only "changed". */
  withheld: boolean;
  old?: string | null;
  new?: string | null;
};

const actionLabels = {
  add: label('新增', '新增', 'Added'),
  update: label('修改', '修改', 'Updated'),
  delete: label('删除', '刪除', 'Deleted'),
  restore: label('恢复', '還原', 'Restored'),
  import: label('导入', '匯入', 'Imported'),
  handOver: label('移交', '移交', 'Handed over'),
  status: label('状态变更', '狀態變更', 'Status changed'),
  reveal: label('查看明文', '查看明文', 'Revealed'),
  password: label('密码', '密碼', 'Password'),
  forceLogout: label('强制下线', '強制下線', 'Forced logout'),
  grant: label('授权', '授權', 'Granted'),
  moveIn: label('迁入', '遷入', 'Moved in'),
  twoFactor: label('两步验证', '兩步驟驗證', 'Two-factor sign-in'),
  runOnce: label('执行一次', '執行一次', 'Run once'),
  install: label('安装', '安裝', 'Installed'),
  enable: label('启用', '啟用', 'Enabled'),
  disable: label('停用', '停用', 'Disabled'),
  config: label('修改配置', '修改設定', 'Configured'),
  uninstall: label('卸载', '解除安裝', 'Uninstalled'),
} as const;

const timeFilter = col.datetime({ label: label('时间', '時間', 'Time') }).schema.optional();
const auditFilters = {
  /** Events from this time on (inclusive). */
  from: timeFilter,
  /** Events before this time (exclusive). */
  to: timeFilter,
};

/**
 * The audit trail: one row per change of one record, written in the transaction of the change
 * (server/src/core/history.ts), so no event outlives a rolled-back write and no write lacks its
 * event. Read through `record` (one record's history, for whoever may see the record) and the
 * page and export of the audit screen (permission base:sys:audit:page).
 */
export const sysAudit = defineEntity({
  module: 'base',
  path: 'sys/audit',
  entityName: 'BaseSysAuditEntity',
  table: 'base_sys_audit',
  label: label('操作审计', '操作稽核', 'Audit'),
  standard: ['page'],
  columns: {
    /** The entity, as `<module>/<path>` (`customer/info`, `base/sys/user`). */
    entity: col.string({ label: label('对象', '對象', 'Entity'), max: 64 }),
    recordId: col.int({ label: label('记录', '記錄', 'Record') }),
    /** The record's name as its screen showed it then (a customer's name, a user's username). */
    recordName: col.string({ label: label('记录名称', '記錄名稱', 'Record name'), nullable: true, max: 200 }),
    action: col.stringEnum(AUDIT_ACTIONS, { label: label('操作', '操作', 'Action'), valueLabels: actionLabels }),
    userId: col.int({ label: label('操作人', '操作人', 'Operator'), nullable: true }),
    /** The operator's name at the time. */
    userName: col.string({ label: label('操作人', '操作人', 'Operator'), nullable: true, max: 100 }),
    ip: col.string({ label: label('IP', 'IP', 'IP'), nullable: true, max: 64 }),
    /** The request's id, as its request log row (base/sys/log) keeps it. */
    reqId: col.string({ label: label('请求标识', '請求標識', 'Request id'), nullable: true, max: 40, index: true }),
    /** The changed fields, StoredChange[] as compact JSON; only what changed. */
    changes: col.json(z.array(z.unknown()), { label: label('变更', '變更', 'Changes'), nullable: true }),
  },
  query: { keyWordLikeFields: ['recordName'], fieldEq: ['userId', 'entity', 'action', 'recordId', 'reqId'] },
  filters: auditFilters,
  indexes: [
    // One record's history, newest first (the History tab).
    { columns: ['entity', 'recordId', 'id'] },
    // The audit screen by operator, newest first.
    { columns: ['userId', 'id'] },
    // …and by entity and action.
    { columns: ['entity', 'action', 'id'] },
  ],
  extra: {
    record: {
      method: 'get',
      summary: label('记录的历史', '記錄的歷史', 'History of a record'),
      input: z.object({
        entity: z.string().min(1).max(64),
        id: idSchema,
        page: z.coerce.number().int().min(1).max(10_000).default(1),
        size: z.coerce.number().int().min(1).max(100).default(20),
      }),
      auth: 'login',
      output: returns<AuditPage>(),
    },
    export: {
      method: 'post',
      summary: label('导出审计', '匯出稽核', 'Export audit'),
      input: z.object({
        userId: idSchema.optional(),
        entity: z.string().max(64).optional(),
        action: z.enum(AUDIT_ACTIONS).optional(),
        recordId: idSchema.optional(),
        from: timeFilter,
        to: timeFilter,
      }),
      output: returns<Blob>(),
    },
  },
});

/**
 * Where SQLite writes an event in the change's transaction (server/src/core/history.ts): the same
 * columns as base_sys_audit, no index and a plain rowid (no sqlite_sequence row), so an event
 * dirties one or two pages of the WAL instead of about eight; the recorder moves the events into
 * base_sys_audit in batches, in commit order, and before every read of it. PostgreSQL and MariaDB
 * have the table (the migrations are per dialect) but leave it empty: they write base_sys_audit
 * directly (docs/benchmarks/history.md, "Where the write overhead goes").
 */
export const sysAuditInbox = defineTable({
  table: 'base_sys_audit_inbox',
  base: 'entity',
  rowid: true,
  columns: {
    ...sysAudit.columns,
    reqId: col.string({ label: label('请求标识', '請求標識', 'Request id'), nullable: true, max: 40 }),
  },
});

/** An event as stored: its changes the JSON text of StoredChange[]. */
export type SysAuditRow = Omit<RowOf<typeof sysAudit.columns>, 'changes'> & { changes: string | null };

/** One event as the History tab and the audit screen show it. */
export type AuditEvent = Omit<SysAuditRow, 'changes'> & {
  /** The entity's label in the reader's language. */
  entityLabel: string;
  changes: AuditChange[];
};

export type AuditPage = { list: AuditEvent[]; pagination: { page: number; size: number; total: number } };
