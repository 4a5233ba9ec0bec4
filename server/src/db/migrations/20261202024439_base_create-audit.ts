// 20261202024439_base_create-audit: written 2026-12-02 by `npm run db:migration`
// from the declarations as they were then. Frozen: never edit it; a later change to a declaration
// gets a migration of its own (docs/architecture.md, "Migrations").
import type { Migration } from '../../core/db/migrator.js';

export const migration: Migration = {
  changes: [
    {
      op: 'createTable',
      table: {
        name: 'base_sys_audit',
        columns: [
          { name: 'id', type: 'integer', nullable: false, primaryKey: 'auto' },
          { name: 'createTime', type: 'varchar(19)', nullable: false },
          { name: 'updateTime', type: 'varchar(19)', nullable: false },
          { name: 'entity', type: 'varchar(64)', nullable: false },
          { name: 'recordId', type: 'integer', nullable: false },
          { name: 'recordName', type: 'varchar(200)', nullable: true },
          { name: 'action', type: 'varchar(50)', nullable: false },
          { name: 'userId', type: 'integer', nullable: true },
          { name: 'userName', type: 'varchar(100)', nullable: true },
          { name: 'ip', type: 'varchar(64)', nullable: true },
          { name: 'reqId', type: 'varchar(40)', nullable: true },
          { name: 'changes', type: 'text', nullable: true },
        ],
        indexes: [
          {
            name: 'idx_base_sys_audit_reqId',
            columns: ['reqId'],
            unique: false,
          },
          {
            name: 'idx_base_sys_audit_entity_recordId_id',
            columns: ['entity', 'recordId', 'id'],
            unique: false,
          },
          {
            name: 'idx_base_sys_audit_userId_id',
            columns: ['userId', 'id'],
            unique: false,
          },
          {
            name: 'idx_base_sys_audit_entity_action_id',
            columns: ['entity', 'action', 'id'],
            unique: false,
          },
          {
            name: 'idx_base_sys_audit_createTime',
            columns: ['createTime'],
            unique: false,
          },
        ],
      },
    },
  ],
  sql: {
    sqlite: [
      'create table "base_sys_audit" ("id" integer primary key autoincrement, "createTime" varchar(19) not null, "updateTime" varchar(19) not null, "entity" varchar(64) not null, "recordId" integer not null, "recordName" varchar(200), "action" varchar(50) not null, "userId" integer, "userName" varchar(100), "ip" varchar(64), "reqId" varchar(40), "changes" text)',
      'create index "idx_base_sys_audit_reqId" on "base_sys_audit" ("reqId")',
      'create index "idx_base_sys_audit_entity_recordId_id" on "base_sys_audit" ("entity", "recordId", "id")',
      'create index "idx_base_sys_audit_userId_id" on "base_sys_audit" ("userId", "id")',
      'create index "idx_base_sys_audit_entity_action_id" on "base_sys_audit" ("entity", "action", "id")',
      'create index "idx_base_sys_audit_createTime" on "base_sys_audit" ("createTime")',
    ],
    postgres: [
      'create table "base_sys_audit" ("id" serial primary key, "createTime" varchar(19) not null, "updateTime" varchar(19) not null, "entity" varchar(64) not null, "recordId" integer not null, "recordName" varchar(200), "action" varchar(50) not null, "userId" integer, "userName" varchar(100), "ip" varchar(64), "reqId" varchar(40), "changes" text)',
      'create index "idx_base_sys_audit_reqId" on "base_sys_audit" ("reqId")',
      'create index "idx_base_sys_audit_entity_recordId_id" on "base_sys_audit" ("entity", "recordId", "id")',
      'create index "idx_base_sys_audit_userId_id" on "base_sys_audit" ("userId", "id")',
      'create index "idx_base_sys_audit_entity_action_id" on "base_sys_audit" ("entity", "action", "id")',
      'create index "idx_base_sys_audit_createTime" on "base_sys_audit" ("createTime")',
    ],
    mysql: [
      'create table `base_sys_audit` (`id` integer primary key auto_increment, `createTime` varchar(19) not null, `updateTime` varchar(19) not null, `entity` varchar(64) not null, `recordId` integer not null, `recordName` varchar(200), `action` varchar(50) not null, `userId` integer, `userName` varchar(100), `ip` varchar(64), `reqId` varchar(40), `changes` mediumtext) engine=InnoDB default charset=utf8mb4 collate=utf8mb4_unicode_520_ci',
      'create index `idx_base_sys_audit_reqId` on `base_sys_audit` (`reqId`)',
      'create index `idx_base_sys_audit_entity_recordId_id` on `base_sys_audit` (`entity`, `recordId`, `id`)',
      'create index `idx_base_sys_audit_userId_id` on `base_sys_audit` (`userId`, `id`)',
      'create index `idx_base_sys_audit_entity_action_id` on `base_sys_audit` (`entity`, `action`, `id`)',
      'create index `idx_base_sys_audit_createTime` on `base_sys_audit` (`createTime`)',
    ],
  },
};
