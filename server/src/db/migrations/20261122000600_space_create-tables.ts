// 20261122000600_space_create-tables: the tables of release 0.1.0, frozen on 2026-11-25 as the
// literal SQL this migration ran then (it built them from the declarations of its day). Never edit
// it: a later change to a declaration gets a migration of its own (docs/architecture.md, "Migrations").
import type { Migration } from '../../core/db/migrator.js';

export const migration: Migration = {
  changes: [
    {
      op: 'createTable',
      table: {
        name: 'space_type',
        columns: [
          { name: 'id', type: 'integer', nullable: false, primaryKey: 'auto' },
          { name: 'createTime', type: 'varchar(19)', nullable: false },
          { name: 'updateTime', type: 'varchar(19)', nullable: false },
          { name: 'name', type: 'varchar(100)', nullable: false },
          { name: 'parentId', type: 'integer', nullable: true },
        ],
        indexes: [
          { name: 'idx_space_type_parentId', columns: ['parentId'], unique: false },
          { name: 'idx_space_type_createTime', columns: ['createTime'], unique: false },
        ],
      },
    },
    {
      op: 'createTable',
      table: {
        name: 'space_info',
        columns: [
          { name: 'id', type: 'integer', nullable: false, primaryKey: 'auto' },
          { name: 'createTime', type: 'varchar(19)', nullable: false },
          { name: 'updateTime', type: 'varchar(19)', nullable: false },
          { name: 'url', type: 'varchar(500)', nullable: false },
          { name: 'type', type: 'varchar(50)', nullable: false, default: 'other' },
          { name: 'classifyId', type: 'integer', nullable: true },
          { name: 'fileId', type: 'varchar(100)', nullable: true },
          { name: 'name', type: 'varchar(255)', nullable: false },
          { name: 'size', type: 'integer', nullable: false, default: 0 },
          { name: 'version', type: 'integer', nullable: false, default: 1 },
          { name: 'key', type: 'varchar(500)', nullable: true },
        ],
        indexes: [
          { name: 'idx_space_info_type', columns: ['type'], unique: false },
          { name: 'idx_space_info_classifyId', columns: ['classifyId'], unique: false },
          { name: 'idx_space_info_createTime', columns: ['createTime'], unique: false },
        ],
      },
    },
  ],
  sql: {
    sqlite: [
      'create table "space_type" ("id" integer primary key autoincrement, "createTime" varchar(19) not null, "updateTime" varchar(19) not null, "name" varchar(100) not null, "parentId" integer)',
      'create index "idx_space_type_parentId" on "space_type" ("parentId")',
      'create index "idx_space_type_createTime" on "space_type" ("createTime")',
      'create table "space_info" ("id" integer primary key autoincrement, "createTime" varchar(19) not null, "updateTime" varchar(19) not null, "url" varchar(500) not null, "type" varchar(50) default \'other\' not null, "classifyId" integer, "fileId" varchar(100), "name" varchar(255) not null, "size" integer default 0 not null, "version" integer default 1 not null, "key" varchar(500))',
      'create index "idx_space_info_type" on "space_info" ("type")',
      'create index "idx_space_info_classifyId" on "space_info" ("classifyId")',
      'create index "idx_space_info_createTime" on "space_info" ("createTime")',
    ],
    postgres: [
      'create table "space_type" ("id" serial primary key, "createTime" varchar(19) not null, "updateTime" varchar(19) not null, "name" varchar(100) not null, "parentId" integer)',
      'create index "idx_space_type_parentId" on "space_type" ("parentId")',
      'create index "idx_space_type_createTime" on "space_type" ("createTime")',
      'create table "space_info" ("id" serial primary key, "createTime" varchar(19) not null, "updateTime" varchar(19) not null, "url" varchar(500) not null, "type" varchar(50) default \'other\' not null, "classifyId" integer, "fileId" varchar(100), "name" varchar(255) not null, "size" integer default 0 not null, "version" integer default 1 not null, "key" varchar(500))',
      'create index "idx_space_info_type" on "space_info" ("type")',
      'create index "idx_space_info_classifyId" on "space_info" ("classifyId")',
      'create index "idx_space_info_createTime" on "space_info" ("createTime")',
    ],
    mysql: [
      'create table `space_type` (`id` integer primary key auto_increment, `createTime` varchar(19) not null, `updateTime` varchar(19) not null, `name` varchar(100) not null, `parentId` integer) engine=InnoDB default charset=utf8mb4 collate=utf8mb4_unicode_520_ci',
      'create index `idx_space_type_parentId` on `space_type` (`parentId`)',
      'create index `idx_space_type_createTime` on `space_type` (`createTime`)',
      "create table `space_info` (`id` integer primary key auto_increment, `createTime` varchar(19) not null, `updateTime` varchar(19) not null, `url` varchar(500) not null, `type` varchar(50) default 'other' not null, `classifyId` integer, `fileId` varchar(100), `name` varchar(255) not null, `size` integer default 0 not null, `version` integer default 1 not null, `key` varchar(500)) engine=InnoDB default charset=utf8mb4 collate=utf8mb4_unicode_520_ci",
      'create index `idx_space_info_type` on `space_info` (`type`)',
      'create index `idx_space_info_classifyId` on `space_info` (`classifyId`)',
      'create index `idx_space_info_createTime` on `space_info` (`createTime`)',
    ],
  },
};
