// 20261126094233_base_add-password-policy: written 2026-11-26 by `npm run db:migration`
// from the declarations as they were then. Frozen: never edit it; a later change to a declaration
// gets a migration of its own (docs/architecture.md, "Migrations").
import type { Migration } from '../../core/db/migrator.js';

export const migration: Migration = {
  changes: [
    {
      op: 'addColumn',
      table: 'base_sys_user',
      column: { name: 'passwordChangeRequired', type: 'boolean', nullable: false, default: false },
    },
    {
      op: 'createTable',
      table: {
        name: 'base_sys_password_history',
        columns: [
          { name: 'id', type: 'integer', nullable: false, primaryKey: 'auto' },
          { name: 'createTime', type: 'varchar(19)', nullable: false },
          { name: 'updateTime', type: 'varchar(19)', nullable: false },
          { name: 'userId', type: 'integer', nullable: false },
          { name: 'password', type: 'varchar(255)', nullable: false },
        ],
        indexes: [
          {
            name: 'idx_base_sys_password_history_userId',
            columns: ['userId'],
            unique: false,
          },
        ],
      },
    },
  ],
  sql: {
    sqlite: [
      'alter table "base_sys_user" add column "passwordChangeRequired" boolean default 0 not null',
      'create table "base_sys_password_history" ("id" integer primary key autoincrement, "createTime" varchar(19) not null, "updateTime" varchar(19) not null, "userId" integer not null, "password" varchar(255) not null)',
      'create index "idx_base_sys_password_history_userId" on "base_sys_password_history" ("userId")',
    ],
    postgres: [
      'alter table "base_sys_user" add column "passwordChangeRequired" boolean default false not null',
      'create table "base_sys_password_history" ("id" serial primary key, "createTime" varchar(19) not null, "updateTime" varchar(19) not null, "userId" integer not null, "password" varchar(255) not null)',
      'create index "idx_base_sys_password_history_userId" on "base_sys_password_history" ("userId")',
    ],
    mysql: [
      'alter table `base_sys_user` add column `passwordChangeRequired` boolean default 0 not null',
      'create table `base_sys_password_history` (`id` integer primary key auto_increment, `createTime` varchar(19) not null, `updateTime` varchar(19) not null, `userId` integer not null, `password` varchar(255) not null) engine=InnoDB default charset=utf8mb4 collate=utf8mb4_unicode_520_ci',
      'create index `idx_base_sys_password_history_userId` on `base_sys_password_history` (`userId`)',
    ],
  },
};
