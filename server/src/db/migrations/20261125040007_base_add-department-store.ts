// 20261125040007_base_add-department-store: written 2026-11-25 by `npm run db:migration`
// from the declarations as they were then. Frozen: never edit it; a later change to a declaration
// gets a migration of its own (docs/architecture.md, "Migrations").
import type { Migration } from '../../core/db/migrator.js';

export const migration: Migration = {
  changes: [
    {
      op: 'addColumn',
      table: 'base_sys_department',
      column: { name: 'isStore', type: 'boolean', nullable: false, default: false },
    },
  ],
  sql: {
    sqlite: ['alter table "base_sys_department" add column "isStore" boolean default 0 not null'],
    postgres: ['alter table "base_sys_department" add column "isStore" boolean default false not null'],
    mysql: ['alter table `base_sys_department` add column `isStore` boolean default 0 not null'],
  },
};
