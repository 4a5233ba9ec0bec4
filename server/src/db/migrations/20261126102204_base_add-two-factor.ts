// 20261126102204_base_add-two-factor: written 2026-11-26 by `npm run db:migration`
// from the declarations as they were then. Frozen: never edit it; a later change to a declaration
// gets a migration of its own (docs/architecture.md, "Migrations").
import type { Migration } from '../../core/db/migrator.js';

export const migration: Migration = {
  changes: [
    {
      op: 'addColumn',
      table: 'base_sys_user',
      column: { name: 'totpSecret', type: 'varchar(500)', nullable: true },
    },
    {
      op: 'addColumn',
      table: 'base_sys_user',
      column: { name: 'totpStep', type: 'bigint', nullable: true },
    },
    {
      op: 'addColumn',
      table: 'base_sys_role',
      column: { name: 'twoFactorRequired', type: 'boolean', nullable: false, default: false },
    },
    {
      op: 'createTable',
      table: {
        name: 'base_sys_recovery_code',
        columns: [
          { name: 'id', type: 'integer', nullable: false, primaryKey: 'auto' },
          { name: 'userId', type: 'integer', nullable: false },
          { name: 'code', type: 'varchar(128)', nullable: false },
        ],
        indexes: [
          {
            name: 'idx_base_sys_recovery_code_userId',
            columns: ['userId'],
            unique: false,
          },
        ],
      },
    },
  ],
  sql: {
    sqlite: [
      'alter table "base_sys_user" add column "totpSecret" varchar(500)',
      'alter table "base_sys_user" add column "totpStep" bigint',
      'alter table "base_sys_role" add column "twoFactorRequired" boolean default 0 not null',
      'create table "base_sys_recovery_code" ("id" integer primary key autoincrement, "userId" integer not null, "code" varchar(128) not null)',
      'create index "idx_base_sys_recovery_code_userId" on "base_sys_recovery_code" ("userId")',
    ],
    postgres: [
      'alter table "base_sys_user" add column "totpSecret" varchar(500)',
      'alter table "base_sys_user" add column "totpStep" bigint',
      'alter table "base_sys_role" add column "twoFactorRequired" boolean default false not null',
      'create table "base_sys_recovery_code" ("id" serial primary key, "userId" integer not null, "code" varchar(128) not null)',
      'create index "idx_base_sys_recovery_code_userId" on "base_sys_recovery_code" ("userId")',
    ],
    mysql: [
      'alter table `base_sys_user` add column `totpSecret` varchar(500)',
      'alter table `base_sys_user` add column `totpStep` bigint',
      'alter table `base_sys_role` add column `twoFactorRequired` boolean default 0 not null',
      'create table `base_sys_recovery_code` (`id` integer primary key auto_increment, `userId` integer not null, `code` varchar(128) not null) engine=InnoDB default charset=utf8mb4 collate=utf8mb4_unicode_520_ci',
      'create index `idx_base_sys_recovery_code_userId` on `base_sys_recovery_code` (`userId`)',
    ],
  },
};
