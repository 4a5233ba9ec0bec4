// 20261202024445_base_add-log-outcomes: written 2026-12-02 by `npm run db:migration`
// from the declarations as they were then. Frozen: never edit it; a later change to a declaration
// gets a migration of its own (docs/architecture.md, "Migrations").
import type { Migration } from '../../core/db/migrator.js';

export const migration: Migration = {
  changes: [
    {
      op: 'addColumn',
      table: 'base_sys_log',
      column: { name: 'status', type: 'integer', nullable: true },
    },
    {
      op: 'addColumn',
      table: 'base_sys_log',
      column: { name: 'code', type: 'integer', nullable: true },
    },
    {
      op: 'addColumn',
      table: 'base_sys_log',
      column: { name: 'duration', type: 'integer', nullable: true },
    },
    {
      op: 'addColumn',
      table: 'base_sys_log',
      column: { name: 'reqId', type: 'varchar(40)', nullable: true },
    },
    {
      op: 'addColumn',
      table: 'base_sys_log',
      column: { name: 'message', type: 'varchar(255)', nullable: true },
    },
    {
      op: 'createIndex',
      table: 'base_sys_log',
      index: {
        name: 'idx_base_sys_log_reqId',
        columns: ['reqId'],
        unique: false,
      },
    },
  ],
  sql: {
    sqlite: [
      'alter table "base_sys_log" add column "status" integer',
      'alter table "base_sys_log" add column "code" integer',
      'alter table "base_sys_log" add column "duration" integer',
      'alter table "base_sys_log" add column "reqId" varchar(40)',
      'alter table "base_sys_log" add column "message" varchar(255)',
      'create index "idx_base_sys_log_reqId" on "base_sys_log" ("reqId")',
    ],
    postgres: [
      'alter table "base_sys_log" add column "status" integer',
      'alter table "base_sys_log" add column "code" integer',
      'alter table "base_sys_log" add column "duration" integer',
      'alter table "base_sys_log" add column "reqId" varchar(40)',
      'alter table "base_sys_log" add column "message" varchar(255)',
      'create index "idx_base_sys_log_reqId" on "base_sys_log" ("reqId")',
    ],
    mysql: [
      'alter table `base_sys_log` add column `status` integer',
      'alter table `base_sys_log` add column `code` integer',
      'alter table `base_sys_log` add column `duration` integer',
      'alter table `base_sys_log` add column `reqId` varchar(40)',
      'alter table `base_sys_log` add column `message` varchar(255)',
      'create index `idx_base_sys_log_reqId` on `base_sys_log` (`reqId`)',
    ],
  },
};
