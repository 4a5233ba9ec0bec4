// 20261201231115_base_create-bus-events: written 2026-12-01 by `npm run db:migration`
// from the declarations as they were then. Frozen: never edit it; a later change to a declaration
// gets a migration of its own (docs/architecture.md, "Migrations").
import type { Migration } from '../../core/db/migrator.js';

export const migration: Migration = {
  changes: [
    {
      op: 'createTable',
      table: {
        name: 'base_sys_bus_event',
        columns: [
          { name: 'id', type: 'integer', nullable: false, primaryKey: 'auto' },
          { name: 'at', type: 'bigint', nullable: false },
          { name: 'origin', type: 'varchar(64)', nullable: false },
          { name: 'body', type: 'varchar(2000)', nullable: false },
        ],
        indexes: [
          {
            name: 'idx_base_sys_bus_event_at',
            columns: ['at'],
            unique: false,
          },
        ],
      },
    },
  ],
  sql: {
    sqlite: [
      'create table "base_sys_bus_event" ("id" integer primary key autoincrement, "at" bigint not null, "origin" varchar(64) not null, "body" varchar(2000) not null)',
      'create index "idx_base_sys_bus_event_at" on "base_sys_bus_event" ("at")',
    ],
    postgres: [
      'create table "base_sys_bus_event" ("id" serial primary key, "at" bigint not null, "origin" varchar(64) not null, "body" varchar(2000) not null)',
      'create index "idx_base_sys_bus_event_at" on "base_sys_bus_event" ("at")',
    ],
    mysql: [
      'create table `base_sys_bus_event` (`id` integer primary key auto_increment, `at` bigint not null, `origin` varchar(64) not null, `body` varchar(2000) not null) engine=InnoDB default charset=utf8mb4 collate=utf8mb4_unicode_520_ci',
      'create index `idx_base_sys_bus_event_at` on `base_sys_bus_event` (`at`)',
    ],
  },
};
