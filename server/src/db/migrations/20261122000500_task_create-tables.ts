// 20261122000500_task_create-tables: the tables of release 0.1.0, frozen on 2026-11-25 as the
// literal SQL this migration ran then (it built them from the declarations of its day). Never edit
// it: a later change to a declaration gets a migration of its own (docs/architecture.md, "Migrations").
import type { Migration } from '../../core/db/migrator.js';

export const migration: Migration = {
  changes: [
    {
      op: 'createTable',
      table: {
        name: 'task_info',
        columns: [
          { name: 'id', type: 'integer', nullable: false, primaryKey: 'auto' },
          { name: 'createTime', type: 'varchar(19)', nullable: false },
          { name: 'updateTime', type: 'varchar(19)', nullable: false },
          { name: 'jobId', type: 'varchar(100)', nullable: true },
          { name: 'repeatConf', type: 'varchar(1000)', nullable: true },
          { name: 'name', type: 'varchar(100)', nullable: false },
          { name: 'cron', type: 'varchar(100)', nullable: true },
          { name: 'limit', type: 'integer', nullable: true },
          { name: 'every', type: 'integer', nullable: true },
          { name: 'remark', type: 'varchar(500)', nullable: true },
          { name: 'status', type: 'integer', nullable: false, default: 1 },
          { name: 'startDate', type: 'varchar(19)', nullable: true },
          { name: 'endDate', type: 'varchar(19)', nullable: true },
          { name: 'data', type: 'text', nullable: true },
          { name: 'service', type: 'varchar(100)', nullable: false },
          { name: 'type', type: 'integer', nullable: false, default: 0 },
          { name: 'nextRunTime', type: 'varchar(19)', nullable: true },
          { name: 'taskType', type: 'integer', nullable: false, default: 0 },
          { name: 'lastExecuteTime', type: 'varchar(19)', nullable: true },
          { name: 'lockExpireTime', type: 'varchar(30)', nullable: true },
        ],
        indexes: [
          { name: 'idx_task_info_status', columns: ['status'], unique: false },
          { name: 'idx_task_info_createTime', columns: ['createTime'], unique: false },
        ],
      },
    },
    {
      op: 'createTable',
      table: {
        name: 'task_log',
        columns: [
          { name: 'id', type: 'integer', nullable: false, primaryKey: 'auto' },
          { name: 'createTime', type: 'varchar(19)', nullable: false },
          { name: 'updateTime', type: 'varchar(19)', nullable: false },
          { name: 'taskId', type: 'integer', nullable: false },
          { name: 'status', type: 'integer', nullable: false, default: 1 },
          { name: 'detail', type: 'text', nullable: true },
          { name: 'duration', type: 'integer', nullable: false, default: 0 },
          { name: 'trigger', type: 'integer', nullable: false, default: 0 },
        ],
        indexes: [
          { name: 'idx_task_log_taskId_id', columns: ['taskId', 'id'], unique: false },
          { name: 'idx_task_log_createTime', columns: ['createTime'], unique: false },
        ],
      },
    },
  ],
  sql: {
    sqlite: [
      'create table "task_info" ("id" integer primary key autoincrement, "createTime" varchar(19) not null, "updateTime" varchar(19) not null, "jobId" varchar(100), "repeatConf" varchar(1000), "name" varchar(100) not null, "cron" varchar(100), "limit" integer, "every" integer, "remark" varchar(500), "status" integer default 1 not null, "startDate" varchar(19), "endDate" varchar(19), "data" text, "service" varchar(100) not null, "type" integer default 0 not null, "nextRunTime" varchar(19), "taskType" integer default 0 not null, "lastExecuteTime" varchar(19), "lockExpireTime" varchar(30))',
      'create index "idx_task_info_status" on "task_info" ("status")',
      'create index "idx_task_info_createTime" on "task_info" ("createTime")',
      'create table "task_log" ("id" integer primary key autoincrement, "createTime" varchar(19) not null, "updateTime" varchar(19) not null, "taskId" integer not null, "status" integer default 1 not null, "detail" text, "duration" integer default 0 not null, "trigger" integer default 0 not null)',
      'create index "idx_task_log_createTime" on "task_log" ("createTime")',
      'create index "idx_task_log_taskId_id" on "task_log" ("taskId", "id")',
    ],
    postgres: [
      'create table "task_info" ("id" serial primary key, "createTime" varchar(19) not null, "updateTime" varchar(19) not null, "jobId" varchar(100), "repeatConf" varchar(1000), "name" varchar(100) not null, "cron" varchar(100), "limit" integer, "every" integer, "remark" varchar(500), "status" integer default 1 not null, "startDate" varchar(19), "endDate" varchar(19), "data" text, "service" varchar(100) not null, "type" integer default 0 not null, "nextRunTime" varchar(19), "taskType" integer default 0 not null, "lastExecuteTime" varchar(19), "lockExpireTime" varchar(30))',
      'create index "idx_task_info_status" on "task_info" ("status")',
      'create index "idx_task_info_createTime" on "task_info" ("createTime")',
      'create table "task_log" ("id" serial primary key, "createTime" varchar(19) not null, "updateTime" varchar(19) not null, "taskId" integer not null, "status" integer default 1 not null, "detail" text, "duration" integer default 0 not null, "trigger" integer default 0 not null)',
      'create index "idx_task_log_createTime" on "task_log" ("createTime")',
      'create index "idx_task_log_taskId_id" on "task_log" ("taskId", "id")',
    ],
    mysql: [
      'create table `task_info` (`id` integer primary key auto_increment, `createTime` varchar(19) not null, `updateTime` varchar(19) not null, `jobId` varchar(100), `repeatConf` varchar(1000), `name` varchar(100) not null, `cron` varchar(100), `limit` integer, `every` integer, `remark` varchar(500), `status` integer default 1 not null, `startDate` varchar(19), `endDate` varchar(19), `data` mediumtext, `service` varchar(100) not null, `type` integer default 0 not null, `nextRunTime` varchar(19), `taskType` integer default 0 not null, `lastExecuteTime` varchar(19), `lockExpireTime` varchar(30)) engine=InnoDB default charset=utf8mb4 collate=utf8mb4_unicode_520_ci',
      'create index `idx_task_info_status` on `task_info` (`status`)',
      'create index `idx_task_info_createTime` on `task_info` (`createTime`)',
      'create table `task_log` (`id` integer primary key auto_increment, `createTime` varchar(19) not null, `updateTime` varchar(19) not null, `taskId` integer not null, `status` integer default 1 not null, `detail` mediumtext, `duration` integer default 0 not null, `trigger` integer default 0 not null) engine=InnoDB default charset=utf8mb4 collate=utf8mb4_unicode_520_ci',
      'create index `idx_task_log_createTime` on `task_log` (`createTime`)',
      'create index `idx_task_log_taskId_id` on `task_log` (`taskId`, `id`)',
    ],
  },
};
