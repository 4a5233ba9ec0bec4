// 20261126130719_base_add-user-tenant: written 2026-11-26 by `npm run db:migration`
// from the declarations as they were then. Frozen: never edit it; a later change to a declaration
// gets a migration of its own (docs/architecture.md, "Migrations").
import type { Migration } from '../../core/db/migrator.js';

export const migration: Migration = {
  changes: [
    {
      op: 'addColumn',
      table: 'base_sys_user',
      column: { name: 'tenantId', type: 'integer', nullable: true },
    },
    {
      op: 'createIndex',
      table: 'base_sys_user',
      index: {
        name: 'idx_base_sys_user_tenantId',
        columns: ['tenantId'],
        unique: false,
      },
    },
  ],
  sql: {
    sqlite: [
      'alter table "base_sys_user" add column "tenantId" integer',
      'create index "idx_base_sys_user_tenantId" on "base_sys_user" ("tenantId")',
    ],
    postgres: [
      'alter table "base_sys_user" add column "tenantId" integer',
      'create index "idx_base_sys_user_tenantId" on "base_sys_user" ("tenantId")',
    ],
    mysql: [
      'alter table `base_sys_user` add column `tenantId` integer',
      'create index `idx_base_sys_user_tenantId` on `base_sys_user` (`tenantId`)',
    ],
  },
};
