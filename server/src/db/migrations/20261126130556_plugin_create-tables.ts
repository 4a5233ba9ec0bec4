// 20261126130556_plugin_create-tables: written 2026-11-26 by `npm run db:migration`
// from the declarations as they were then. Frozen: never edit it; a later change to a declaration
// gets a migration of its own (docs/architecture.md, "Migrations").
import type { Migration } from '../../core/db/migrator.js';

export const migration: Migration = {
  changes: [
    {
      op: 'createTable',
      table: {
        name: 'plugin_info',
        columns: [
          { name: 'id', type: 'integer', nullable: false, primaryKey: 'auto' },
          { name: 'createTime', type: 'varchar(19)', nullable: false },
          { name: 'updateTime', type: 'varchar(19)', nullable: false },
          { name: 'name', type: 'varchar(100)', nullable: false },
          { name: 'description', type: 'varchar(500)', nullable: false, default: '' },
          { name: 'keyName', type: 'varchar(50)', nullable: false },
          { name: 'hook', type: 'varchar(50)', nullable: false },
          { name: 'readme', type: 'text', nullable: false },
          { name: 'version', type: 'varchar(50)', nullable: false },
          { name: 'logo', type: 'text', nullable: true },
          { name: 'author', type: 'varchar(100)', nullable: false },
          { name: 'status', type: 'integer', nullable: false, default: 0 },
          { name: 'content', type: 'text', nullable: false },
          { name: 'tsContent', type: 'text', nullable: true },
          { name: 'pluginJson', type: 'text', nullable: true },
          { name: 'config', type: 'text', nullable: true },
          { name: 'packageData', type: 'text', nullable: false },
          { name: 'lastError', type: 'varchar(1000)', nullable: true },
          { name: 'lastErrorTime', type: 'varchar(19)', nullable: true },
        ],
        indexes: [
          {
            name: 'uq_plugin_info_keyName',
            columns: ['keyName'],
            unique: true,
          },
          {
            name: 'idx_plugin_info_hook',
            columns: ['hook'],
            unique: false,
          },
          {
            name: 'idx_plugin_info_status',
            columns: ['status'],
            unique: false,
          },
          {
            name: 'idx_plugin_info_createTime',
            columns: ['createTime'],
            unique: false,
          },
        ],
      },
    },
  ],
  sql: {
    sqlite: [
      'create table "plugin_info" ("id" integer primary key autoincrement, "createTime" varchar(19) not null, "updateTime" varchar(19) not null, "name" varchar(100) not null, "description" varchar(500) default \'\' not null, "keyName" varchar(50) not null, "hook" varchar(50) not null, "readme" text not null, "version" varchar(50) not null, "logo" text, "author" varchar(100) not null, "status" integer default 0 not null, "content" text not null, "tsContent" text, "pluginJson" text, "config" text, "packageData" text not null, "lastError" varchar(1000), "lastErrorTime" varchar(19))',
      'create unique index "uq_plugin_info_keyName" on "plugin_info" ("keyName")',
      'create index "idx_plugin_info_hook" on "plugin_info" ("hook")',
      'create index "idx_plugin_info_status" on "plugin_info" ("status")',
      'create index "idx_plugin_info_createTime" on "plugin_info" ("createTime")',
    ],
    postgres: [
      'create table "plugin_info" ("id" serial primary key, "createTime" varchar(19) not null, "updateTime" varchar(19) not null, "name" varchar(100) not null, "description" varchar(500) default \'\' not null, "keyName" varchar(50) not null, "hook" varchar(50) not null, "readme" text not null, "version" varchar(50) not null, "logo" text, "author" varchar(100) not null, "status" integer default 0 not null, "content" text not null, "tsContent" text, "pluginJson" text, "config" text, "packageData" text not null, "lastError" varchar(1000), "lastErrorTime" varchar(19))',
      'create unique index "uq_plugin_info_keyName" on "plugin_info" ("keyName")',
      'create index "idx_plugin_info_hook" on "plugin_info" ("hook")',
      'create index "idx_plugin_info_status" on "plugin_info" ("status")',
      'create index "idx_plugin_info_createTime" on "plugin_info" ("createTime")',
    ],
    mysql: [
      "create table `plugin_info` (`id` integer primary key auto_increment, `createTime` varchar(19) not null, `updateTime` varchar(19) not null, `name` varchar(100) not null, `description` varchar(500) default '' not null, `keyName` varchar(50) not null, `hook` varchar(50) not null, `readme` mediumtext not null, `version` varchar(50) not null, `logo` mediumtext, `author` varchar(100) not null, `status` integer default 0 not null, `content` mediumtext not null, `tsContent` mediumtext, `pluginJson` mediumtext, `config` mediumtext, `packageData` mediumtext not null, `lastError` varchar(1000), `lastErrorTime` varchar(19)) engine=InnoDB default charset=utf8mb4 collate=utf8mb4_unicode_520_ci",
      'create unique index `uq_plugin_info_keyName` on `plugin_info` (`keyName`)',
      'create index `idx_plugin_info_hook` on `plugin_info` (`hook`)',
      'create index `idx_plugin_info_status` on `plugin_info` (`status`)',
      'create index `idx_plugin_info_createTime` on `plugin_info` (`createTime`)',
    ],
  },
};
