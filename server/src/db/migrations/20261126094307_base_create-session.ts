// 20261126094307_base_create-session: written 2026-11-26 by `npm run db:migration`
// from the declarations as they were then. Frozen: never edit it; a later change to a declaration
// gets a migration of its own (docs/architecture.md, "Migrations").
import type { Migration } from '../../core/db/migrator.js';

export const migration: Migration = {
  changes: [
    {
      op: 'createTable',
      table: {
        name: 'base_sys_session',
        columns: [
          { name: 'id', type: 'integer', nullable: false, primaryKey: 'auto' },
          { name: 'createTime', type: 'varchar(19)', nullable: false },
          { name: 'updateTime', type: 'varchar(19)', nullable: false },
          { name: 'sid', type: 'varchar(64)', nullable: false },
          { name: 'userId', type: 'integer', nullable: false },
          { name: 'device', type: 'varchar(64)', nullable: true },
          { name: 'browser', type: 'varchar(64)', nullable: true },
          { name: 'ip', type: 'varchar(64)', nullable: true },
          { name: 'lastSeen', type: 'varchar(19)', nullable: false },
          { name: 'expireAt', type: 'bigint', nullable: false },
          { name: 'endTime', type: 'varchar(19)', nullable: true },
          { name: 'endedBy', type: 'integer', nullable: true },
          { name: 'reason', type: 'varchar(50)', nullable: true },
        ],
        indexes: [
          {
            name: 'uq_base_sys_session_sid',
            columns: ['sid'],
            unique: true,
          },
          {
            name: 'idx_base_sys_session_userId',
            columns: ['userId'],
            unique: false,
          },
          {
            name: 'idx_base_sys_session_endTime',
            columns: ['endTime'],
            unique: false,
          },
          {
            name: 'idx_base_sys_session_createTime',
            columns: ['createTime'],
            unique: false,
          },
        ],
      },
    },
  ],
  sql: {
    sqlite: [
      'create table "base_sys_session" ("id" integer primary key autoincrement, "createTime" varchar(19) not null, "updateTime" varchar(19) not null, "sid" varchar(64) not null, "userId" integer not null, "device" varchar(64), "browser" varchar(64), "ip" varchar(64), "lastSeen" varchar(19) not null, "expireAt" bigint not null, "endTime" varchar(19), "endedBy" integer, "reason" varchar(50))',
      'create unique index "uq_base_sys_session_sid" on "base_sys_session" ("sid")',
      'create index "idx_base_sys_session_userId" on "base_sys_session" ("userId")',
      'create index "idx_base_sys_session_endTime" on "base_sys_session" ("endTime")',
      'create index "idx_base_sys_session_createTime" on "base_sys_session" ("createTime")',
    ],
    postgres: [
      'create table "base_sys_session" ("id" serial primary key, "createTime" varchar(19) not null, "updateTime" varchar(19) not null, "sid" varchar(64) not null, "userId" integer not null, "device" varchar(64), "browser" varchar(64), "ip" varchar(64), "lastSeen" varchar(19) not null, "expireAt" bigint not null, "endTime" varchar(19), "endedBy" integer, "reason" varchar(50))',
      'create unique index "uq_base_sys_session_sid" on "base_sys_session" ("sid")',
      'create index "idx_base_sys_session_userId" on "base_sys_session" ("userId")',
      'create index "idx_base_sys_session_endTime" on "base_sys_session" ("endTime")',
      'create index "idx_base_sys_session_createTime" on "base_sys_session" ("createTime")',
    ],
    mysql: [
      'create table `base_sys_session` (`id` integer primary key auto_increment, `createTime` varchar(19) not null, `updateTime` varchar(19) not null, `sid` varchar(64) not null, `userId` integer not null, `device` varchar(64), `browser` varchar(64), `ip` varchar(64), `lastSeen` varchar(19) not null, `expireAt` bigint not null, `endTime` varchar(19), `endedBy` integer, `reason` varchar(50)) engine=InnoDB default charset=utf8mb4 collate=utf8mb4_unicode_520_ci',
      'create unique index `uq_base_sys_session_sid` on `base_sys_session` (`sid`)',
      'create index `idx_base_sys_session_userId` on `base_sys_session` (`userId`)',
      'create index `idx_base_sys_session_endTime` on `base_sys_session` (`endTime`)',
      'create index `idx_base_sys_session_createTime` on `base_sys_session` (`createTime`)',
    ],
  },
};
