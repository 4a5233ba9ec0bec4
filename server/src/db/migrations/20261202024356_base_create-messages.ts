// 20261202024356_base_create-messages: written 2026-12-02 by `npm run db:migration`
// from the declarations as they were then. Frozen: never edit it; a later change to a declaration
// gets a migration of its own (docs/architecture.md, "Migrations").
import type { Migration } from '../../core/db/migrator.js';

export const migration: Migration = {
  changes: [
    {
      op: 'createTable',
      table: {
        name: 'base_message',
        columns: [
          { name: 'id', type: 'integer', nullable: false, primaryKey: 'auto' },
          { name: 'createTime', type: 'varchar(19)', nullable: false },
          { name: 'updateTime', type: 'varchar(19)', nullable: false },
          { name: 'userId', type: 'integer', nullable: false },
          { name: 'kind', type: 'varchar(40)', nullable: false },
          { name: 'params', type: 'varchar(4000)', nullable: false },
          { name: 'link', type: 'varchar(500)', nullable: true },
          { name: 'refId', type: 'integer', nullable: true },
          { name: 'dedupeKey', type: 'varchar(120)', nullable: true },
          { name: 'readTime', type: 'varchar(19)', nullable: true },
        ],
        indexes: [
          {
            name: 'idx_base_message_refId',
            columns: ['refId'],
            unique: false,
          },
          {
            name: 'uq_base_message_once',
            columns: ['userId', 'dedupeKey'],
            unique: true,
          },
          {
            name: 'idx_base_message_user_read',
            columns: ['userId', 'readTime'],
            unique: false,
          },
        ],
      },
    },
    {
      op: 'createTable',
      table: {
        name: 'base_message_pref',
        columns: [
          { name: 'id', type: 'integer', nullable: false, primaryKey: 'auto' },
          { name: 'userId', type: 'integer', nullable: false },
          { name: 'kind', type: 'varchar(40)', nullable: false },
          { name: 'inApp', type: 'boolean', nullable: false },
          { name: 'viaPlugin', type: 'boolean', nullable: false },
        ],
        indexes: [
          {
            name: 'uq_base_message_pref',
            columns: ['userId', 'kind'],
            unique: true,
          },
        ],
      },
    },
    {
      op: 'createTable',
      table: {
        name: 'base_notice',
        columns: [
          { name: 'id', type: 'integer', nullable: false, primaryKey: 'auto' },
          { name: 'createTime', type: 'varchar(19)', nullable: false },
          { name: 'updateTime', type: 'varchar(19)', nullable: false },
          { name: 'title', type: 'varchar(200)', nullable: false },
          { name: 'content', type: 'text', nullable: false },
          { name: 'departmentIds', type: 'text', nullable: true },
          { name: 'roleIds', type: 'text', nullable: true },
          { name: 'userIds', type: 'text', nullable: true },
          { name: 'senderId', type: 'integer', nullable: true },
        ],
        indexes: [
          {
            name: 'idx_base_notice_senderId',
            columns: ['senderId'],
            unique: false,
          },
          {
            name: 'idx_base_notice_createTime',
            columns: ['createTime'],
            unique: false,
          },
        ],
      },
    },
  ],
  sql: {
    sqlite: [
      'create table "base_message" ("id" integer primary key autoincrement, "createTime" varchar(19) not null, "updateTime" varchar(19) not null, "userId" integer not null, "kind" varchar(40) not null, "params" varchar(4000) not null, "link" varchar(500), "refId" integer, "dedupeKey" varchar(120), "readTime" varchar(19))',
      'create index "idx_base_message_refId" on "base_message" ("refId")',
      'create unique index "uq_base_message_once" on "base_message" ("userId", "dedupeKey")',
      'create index "idx_base_message_user_read" on "base_message" ("userId", "readTime")',
      'create table "base_message_pref" ("id" integer primary key autoincrement, "userId" integer not null, "kind" varchar(40) not null, "inApp" boolean not null, "viaPlugin" boolean not null)',
      'create unique index "uq_base_message_pref" on "base_message_pref" ("userId", "kind")',
      'create table "base_notice" ("id" integer primary key autoincrement, "createTime" varchar(19) not null, "updateTime" varchar(19) not null, "title" varchar(200) not null, "content" text not null, "departmentIds" text, "roleIds" text, "userIds" text, "senderId" integer)',
      'create index "idx_base_notice_senderId" on "base_notice" ("senderId")',
      'create index "idx_base_notice_createTime" on "base_notice" ("createTime")',
    ],
    postgres: [
      'create table "base_message" ("id" serial primary key, "createTime" varchar(19) not null, "updateTime" varchar(19) not null, "userId" integer not null, "kind" varchar(40) not null, "params" varchar(4000) not null, "link" varchar(500), "refId" integer, "dedupeKey" varchar(120), "readTime" varchar(19))',
      'create index "idx_base_message_refId" on "base_message" ("refId")',
      'create unique index "uq_base_message_once" on "base_message" ("userId", "dedupeKey")',
      'create index "idx_base_message_user_read" on "base_message" ("userId", "readTime")',
      'create table "base_message_pref" ("id" serial primary key, "userId" integer not null, "kind" varchar(40) not null, "inApp" boolean not null, "viaPlugin" boolean not null)',
      'create unique index "uq_base_message_pref" on "base_message_pref" ("userId", "kind")',
      'create table "base_notice" ("id" serial primary key, "createTime" varchar(19) not null, "updateTime" varchar(19) not null, "title" varchar(200) not null, "content" text not null, "departmentIds" text, "roleIds" text, "userIds" text, "senderId" integer)',
      'create index "idx_base_notice_senderId" on "base_notice" ("senderId")',
      'create index "idx_base_notice_createTime" on "base_notice" ("createTime")',
    ],
    mysql: [
      'create table `base_message` (`id` integer primary key auto_increment, `createTime` varchar(19) not null, `updateTime` varchar(19) not null, `userId` integer not null, `kind` varchar(40) not null, `params` varchar(4000) not null, `link` varchar(500), `refId` integer, `dedupeKey` varchar(120), `readTime` varchar(19)) engine=InnoDB default charset=utf8mb4 collate=utf8mb4_unicode_520_ci',
      'create index `idx_base_message_refId` on `base_message` (`refId`)',
      'create unique index `uq_base_message_once` on `base_message` (`userId`, `dedupeKey`)',
      'create index `idx_base_message_user_read` on `base_message` (`userId`, `readTime`)',
      'create table `base_message_pref` (`id` integer primary key auto_increment, `userId` integer not null, `kind` varchar(40) not null, `inApp` boolean not null, `viaPlugin` boolean not null) engine=InnoDB default charset=utf8mb4 collate=utf8mb4_unicode_520_ci',
      'create unique index `uq_base_message_pref` on `base_message_pref` (`userId`, `kind`)',
      'create table `base_notice` (`id` integer primary key auto_increment, `createTime` varchar(19) not null, `updateTime` varchar(19) not null, `title` varchar(200) not null, `content` mediumtext not null, `departmentIds` mediumtext, `roleIds` mediumtext, `userIds` mediumtext, `senderId` integer) engine=InnoDB default charset=utf8mb4 collate=utf8mb4_unicode_520_ci',
      'create index `idx_base_notice_senderId` on `base_notice` (`senderId`)',
      'create index `idx_base_notice_createTime` on `base_notice` (`createTime`)',
    ],
  },
};
