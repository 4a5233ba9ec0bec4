// 20261122000400_dict_create-tables: the tables of release 0.1.0, frozen on 2026-11-25 as the
// literal SQL this migration ran then (it built them from the declarations of its day). Never edit
// it: a later change to a declaration gets a migration of its own (docs/architecture.md, "Migrations").
import type { Migration } from '../../core/db/migrator.js';

export const migration: Migration = {
  changes: [
    {
      op: 'createTable',
      table: {
        name: 'dict_type',
        columns: [
          { name: 'id', type: 'integer', nullable: false, primaryKey: 'auto' },
          { name: 'createTime', type: 'varchar(19)', nullable: false },
          { name: 'updateTime', type: 'varchar(19)', nullable: false },
          { name: 'name', type: 'varchar(100)', nullable: false },
          { name: 'key', type: 'varchar(100)', nullable: false },
        ],
        indexes: [
          { name: 'uq_dict_type_key', columns: ['key'], unique: true },
          { name: 'idx_dict_type_createTime', columns: ['createTime'], unique: false },
        ],
      },
    },
    {
      op: 'createTable',
      table: {
        name: 'dict_info',
        columns: [
          { name: 'id', type: 'integer', nullable: false, primaryKey: 'auto' },
          { name: 'createTime', type: 'varchar(19)', nullable: false },
          { name: 'updateTime', type: 'varchar(19)', nullable: false },
          { name: 'typeId', type: 'integer', nullable: false },
          { name: 'name', type: 'varchar(100)', nullable: false },
          { name: 'value', type: 'varchar(500)', nullable: true },
          { name: 'orderNum', type: 'integer', nullable: false, default: 0 },
          { name: 'remark', type: 'varchar(500)', nullable: true },
          { name: 'parentId', type: 'integer', nullable: true },
        ],
        indexes: [
          { name: 'idx_dict_info_typeId', columns: ['typeId'], unique: false },
          { name: 'idx_dict_info_parentId', columns: ['parentId'], unique: false },
          { name: 'idx_dict_info_createTime', columns: ['createTime'], unique: false },
        ],
      },
    },
  ],
  sql: {
    sqlite: [
      'create table "dict_type" ("id" integer primary key autoincrement, "createTime" varchar(19) not null, "updateTime" varchar(19) not null, "name" varchar(100) not null, "key" varchar(100) not null)',
      'create unique index "uq_dict_type_key" on "dict_type" ("key")',
      'create index "idx_dict_type_createTime" on "dict_type" ("createTime")',
      'create table "dict_info" ("id" integer primary key autoincrement, "createTime" varchar(19) not null, "updateTime" varchar(19) not null, "typeId" integer not null, "name" varchar(100) not null, "value" varchar(500), "orderNum" integer default 0 not null, "remark" varchar(500), "parentId" integer)',
      'create index "idx_dict_info_typeId" on "dict_info" ("typeId")',
      'create index "idx_dict_info_parentId" on "dict_info" ("parentId")',
      'create index "idx_dict_info_createTime" on "dict_info" ("createTime")',
    ],
    postgres: [
      'create table "dict_type" ("id" serial primary key, "createTime" varchar(19) not null, "updateTime" varchar(19) not null, "name" varchar(100) not null, "key" varchar(100) not null)',
      'create unique index "uq_dict_type_key" on "dict_type" ("key")',
      'create index "idx_dict_type_createTime" on "dict_type" ("createTime")',
      'create table "dict_info" ("id" serial primary key, "createTime" varchar(19) not null, "updateTime" varchar(19) not null, "typeId" integer not null, "name" varchar(100) not null, "value" varchar(500), "orderNum" integer default 0 not null, "remark" varchar(500), "parentId" integer)',
      'create index "idx_dict_info_typeId" on "dict_info" ("typeId")',
      'create index "idx_dict_info_parentId" on "dict_info" ("parentId")',
      'create index "idx_dict_info_createTime" on "dict_info" ("createTime")',
    ],
    mysql: [
      'create table `dict_type` (`id` integer primary key auto_increment, `createTime` varchar(19) not null, `updateTime` varchar(19) not null, `name` varchar(100) not null, `key` varchar(100) not null) engine=InnoDB default charset=utf8mb4 collate=utf8mb4_unicode_520_ci',
      'create unique index `uq_dict_type_key` on `dict_type` (`key`)',
      'create index `idx_dict_type_createTime` on `dict_type` (`createTime`)',
      'create table `dict_info` (`id` integer primary key auto_increment, `createTime` varchar(19) not null, `updateTime` varchar(19) not null, `typeId` integer not null, `name` varchar(100) not null, `value` varchar(500), `orderNum` integer default 0 not null, `remark` varchar(500), `parentId` integer) engine=InnoDB default charset=utf8mb4 collate=utf8mb4_unicode_520_ci',
      'create index `idx_dict_info_typeId` on `dict_info` (`typeId`)',
      'create index `idx_dict_info_parentId` on `dict_info` (`parentId`)',
      'create index `idx_dict_info_createTime` on `dict_info` (`createTime`)',
    ],
  },
};
