// 20261126130607_base_add-wecom-user-id: written 2026-11-26 by `npm run db:migration`
// from the declarations as they were then. Frozen: never edit it; a later change to a declaration
// gets a migration of its own (docs/architecture.md, "Migrations").
import type { Migration } from '../../core/db/migrator.js';

export const migration: Migration = {
  changes: [
    {
      op: 'addColumn',
      table: 'base_sys_user',
      column: { name: 'wecomUserId', type: 'varchar(64)', nullable: true },
    },
    {
      op: 'createIndex',
      table: 'base_sys_user',
      index: {
        name: 'uq_base_sys_user_wecomUserId',
        columns: ['wecomUserId'],
        unique: true,
      },
    },
  ],
  sql: {
    sqlite: [
      'alter table "base_sys_user" add column "wecomUserId" varchar(64)',
      'create unique index "uq_base_sys_user_wecomUserId" on "base_sys_user" ("wecomUserId")',
    ],
    postgres: [
      'alter table "base_sys_user" add column "wecomUserId" varchar(64)',
      'create unique index "uq_base_sys_user_wecomUserId" on "base_sys_user" ("wecomUserId")',
    ],
    mysql: [
      'alter table `base_sys_user` add column `wecomUserId` varchar(64)',
      'create unique index `uq_base_sys_user_wecomUserId` on `base_sys_user` (`wecomUserId`)',
    ],
  },
};
