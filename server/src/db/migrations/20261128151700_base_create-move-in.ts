// 20261128151700_base_create-move-in: written 2026-11-28 from the declaration of base_sys_move_in
// (packages/contract, base/tables.ts), in the form `npm run db:migration` writes. Frozen: never
// edit it; a later change to a declaration gets a migration of its own (docs/architecture.md, "Migrations").
import type { Migration } from '../../core/db/migrator.js';

export const migration: Migration = {
  changes: [
    {
      op: 'createTable',
      table: {
        name: 'base_sys_move_in',
        columns: [
          { name: 'id', type: 'integer', nullable: false, primaryKey: 'auto' },
          { name: 'sourceTable', type: 'varchar(100)', nullable: false },
          { name: 'sourceId', type: 'varchar(64)', nullable: false },
          { name: 'targetId', type: 'integer', nullable: false },
        ],
        indexes: [
          {
            name: 'uq_base_sys_move_in',
            columns: ['sourceTable', 'sourceId'],
            unique: true,
          },
        ],
      },
    },
  ],
  sql: {
    sqlite: [
      'create table "base_sys_move_in" ("id" integer primary key autoincrement, "sourceTable" varchar(100) not null, "sourceId" varchar(64) not null, "targetId" integer not null)',
      'create unique index "uq_base_sys_move_in" on "base_sys_move_in" ("sourceTable", "sourceId")',
    ],
    postgres: [
      'create table "base_sys_move_in" ("id" serial primary key, "sourceTable" varchar(100) not null, "sourceId" varchar(64) not null, "targetId" integer not null)',
      'create unique index "uq_base_sys_move_in" on "base_sys_move_in" ("sourceTable", "sourceId")',
    ],
    mysql: [
      'create table `base_sys_move_in` (`id` integer primary key auto_increment, `sourceTable` varchar(100) not null, `sourceId` varchar(64) not null, `targetId` integer not null) engine=InnoDB default charset=utf8mb4 collate=utf8mb4_unicode_520_ci',
      'create unique index `uq_base_sys_move_in` on `base_sys_move_in` (`sourceTable`, `sourceId`)',
    ],
  },
};
