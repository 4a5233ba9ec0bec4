// 20261122000300_recycle_create-tables: the tables of release 0.1.0, frozen on 2026-11-25 as the
// literal SQL this migration ran then (it built them from the declarations of its day). Never edit
// it: a later change to a declaration gets a migration of its own (docs/architecture.md, "Migrations").
import type { Migration } from '../../core/db/migrator.js';

export const migration: Migration = {
  changes: [
    {
      op: 'createTable',
      table: {
        name: 'recycle_data',
        columns: [
          { name: 'id', type: 'integer', nullable: false, primaryKey: 'auto' },
          { name: 'createTime', type: 'varchar(19)', nullable: false },
          { name: 'updateTime', type: 'varchar(19)', nullable: false },
          { name: 'entityInfo', type: 'text', nullable: false },
          { name: 'userId', type: 'integer', nullable: true },
          { name: 'data', type: 'text', nullable: false },
          { name: 'related', type: 'text', nullable: true },
          { name: 'url', type: 'varchar(255)', nullable: false },
          { name: 'params', type: 'text', nullable: true },
          { name: 'count', type: 'integer', nullable: false, default: 1 },
          { name: 'restoreTime', type: 'varchar(19)', nullable: true },
        ],
        indexes: [
          { name: 'idx_recycle_data_userId', columns: ['userId'], unique: false },
          { name: 'idx_recycle_data_url', columns: ['url'], unique: false },
          { name: 'idx_recycle_data_createTime', columns: ['createTime'], unique: false },
        ],
      },
    },
  ],
  sql: {
    sqlite: [
      'create table "recycle_data" ("id" integer primary key autoincrement, "createTime" varchar(19) not null, "updateTime" varchar(19) not null, "entityInfo" text not null, "userId" integer, "data" text not null, "related" text, "url" varchar(255) not null, "params" text, "count" integer default 1 not null, "restoreTime" varchar(19))',
      'create index "idx_recycle_data_userId" on "recycle_data" ("userId")',
      'create index "idx_recycle_data_url" on "recycle_data" ("url")',
      'create index "idx_recycle_data_createTime" on "recycle_data" ("createTime")',
    ],
    postgres: [
      'create table "recycle_data" ("id" serial primary key, "createTime" varchar(19) not null, "updateTime" varchar(19) not null, "entityInfo" text not null, "userId" integer, "data" text not null, "related" text, "url" varchar(255) not null, "params" text, "count" integer default 1 not null, "restoreTime" varchar(19))',
      'create index "idx_recycle_data_userId" on "recycle_data" ("userId")',
      'create index "idx_recycle_data_url" on "recycle_data" ("url")',
      'create index "idx_recycle_data_createTime" on "recycle_data" ("createTime")',
    ],
    mysql: [
      'create table `recycle_data` (`id` integer primary key auto_increment, `createTime` varchar(19) not null, `updateTime` varchar(19) not null, `entityInfo` mediumtext not null, `userId` integer, `data` mediumtext not null, `related` mediumtext, `url` varchar(255) not null, `params` mediumtext, `count` integer default 1 not null, `restoreTime` varchar(19)) engine=InnoDB default charset=utf8mb4 collate=utf8mb4_unicode_520_ci',
      'create index `idx_recycle_data_userId` on `recycle_data` (`userId`)',
      'create index `idx_recycle_data_url` on `recycle_data` (`url`)',
      'create index `idx_recycle_data_createTime` on `recycle_data` (`createTime`)',
    ],
  },
};
