// 20261203072717_base_create-audit-inbox: written 2026-12-03 by `npm run db:migration`
// from the declarations as they were then. Frozen: never edit it; a later change to a declaration
// gets a migration of its own (docs/architecture.md, "Migrations").
// Its `rowid` key (TableDecl.rowid, added for this table) is SQLite's rowid without AUTOINCREMENT.
import type { Migration } from '../../core/db/migrator.js';

export const migration: Migration = {
  changes: [
    {
      op: 'createTable',
      table: {
        name: 'base_sys_audit_inbox',
        columns: [
          { name: 'id', type: 'integer', nullable: false, primaryKey: 'rowid' },
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
        indexes: [],
      },
    },
  ],
  sql: {
    sqlite: [
      'create table "base_sys_audit_inbox" ("id" integer primary key, "createTime" varchar(19) not null, "updateTime" varchar(19) not null, "entity" varchar(64) not null, "recordId" integer not null, "recordName" varchar(200), "action" varchar(50) not null, "userId" integer, "userName" varchar(100), "ip" varchar(64), "reqId" varchar(40), "changes" text)',
    ],
    postgres: [
      'create table "base_sys_audit_inbox" ("id" serial primary key, "createTime" varchar(19) not null, "updateTime" varchar(19) not null, "entity" varchar(64) not null, "recordId" integer not null, "recordName" varchar(200), "action" varchar(50) not null, "userId" integer, "userName" varchar(100), "ip" varchar(64), "reqId" varchar(40), "changes" text)',
    ],
    mysql: [
      'create table `base_sys_audit_inbox` (`id` integer primary key auto_increment, `createTime` varchar(19) not null, `updateTime` varchar(19) not null, `entity` varchar(64) not null, `recordId` integer not null, `recordName` varchar(200), `action` varchar(50) not null, `userId` integer, `userName` varchar(100), `ip` varchar(64), `reqId` varchar(40), `changes` mediumtext) engine=InnoDB default charset=utf8mb4 collate=utf8mb4_unicode_520_ci',
    ],
  },
};
