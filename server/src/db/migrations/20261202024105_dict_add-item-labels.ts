// 20261202024105_dict_add-item-labels: written 2026-12-02 by `npm run db:migration`
// from the declarations as they were then. Frozen: never edit it; a later change to a declaration
// gets a migration of its own (docs/architecture.md, "Migrations").
import type { Migration } from '../../core/db/migrator.js';

export const migration: Migration = {
  changes: [
    {
      op: 'addColumn',
      table: 'dict_info',
      column: { name: 'nameZhCn', type: 'varchar(100)', nullable: true },
    },
    {
      op: 'addColumn',
      table: 'dict_info',
      column: { name: 'nameZhTw', type: 'varchar(100)', nullable: true },
    },
    {
      op: 'addColumn',
      table: 'dict_info',
      column: { name: 'nameEn', type: 'varchar(100)', nullable: true },
    },
  ],
  sql: {
    sqlite: [
      'alter table "dict_info" add column "nameZhCn" varchar(100)',
      'alter table "dict_info" add column "nameZhTw" varchar(100)',
      'alter table "dict_info" add column "nameEn" varchar(100)',
    ],
    postgres: [
      'alter table "dict_info" add column "nameZhCn" varchar(100)',
      'alter table "dict_info" add column "nameZhTw" varchar(100)',
      'alter table "dict_info" add column "nameEn" varchar(100)',
    ],
    mysql: [
      'alter table `dict_info` add column `nameZhCn` varchar(100)',
      'alter table `dict_info` add column `nameZhTw` varchar(100)',
      'alter table `dict_info` add column `nameEn` varchar(100)',
    ],
  },
};
