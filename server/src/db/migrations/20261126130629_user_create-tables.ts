// 20261126130629_user_create-tables: written 2026-11-26 by `npm run db:migration`
// from the declarations as they were then. Frozen: never edit it; a later change to a declaration
// gets a migration of its own (docs/architecture.md, "Migrations").
import type { Migration } from '../../core/db/migrator.js';

export const migration: Migration = {
  changes: [
    {
      op: 'createTable',
      table: {
        name: 'user_info',
        columns: [
          { name: 'id', type: 'integer', nullable: false, primaryKey: 'auto' },
          { name: 'createTime', type: 'varchar(19)', nullable: false },
          { name: 'updateTime', type: 'varchar(19)', nullable: false },
          { name: 'unionid', type: 'varchar(64)', nullable: true },
          { name: 'miniOpenid', type: 'varchar(64)', nullable: true },
          { name: 'mpOpenid', type: 'varchar(64)', nullable: true },
          { name: 'avatarUrl', type: 'varchar(500)', nullable: true },
          { name: 'nickName', type: 'varchar(100)', nullable: true },
          { name: 'phone', type: 'varchar(20)', nullable: true },
          { name: 'gender', type: 'integer', nullable: false, default: 0 },
          { name: 'status', type: 'integer', nullable: false, default: 1 },
          { name: 'loginType', type: 'integer', nullable: false, default: 0 },
          { name: 'password', type: 'varchar(255)', nullable: true },
          { name: 'passwordV', type: 'integer', nullable: false, default: 1 },
          { name: 'description', type: 'varchar(500)', nullable: true },
        ],
        indexes: [
          {
            name: 'uq_user_info_unionid',
            columns: ['unionid'],
            unique: true,
          },
          {
            name: 'uq_user_info_miniOpenid',
            columns: ['miniOpenid'],
            unique: true,
          },
          {
            name: 'uq_user_info_mpOpenid',
            columns: ['mpOpenid'],
            unique: true,
          },
          {
            name: 'uq_user_info_phone',
            columns: ['phone'],
            unique: true,
          },
          {
            name: 'idx_user_info_status',
            columns: ['status'],
            unique: false,
          },
          {
            name: 'idx_user_info_createTime',
            columns: ['createTime'],
            unique: false,
          },
        ],
      },
    },
    {
      op: 'createTable',
      table: {
        name: 'user_address',
        columns: [
          { name: 'id', type: 'integer', nullable: false, primaryKey: 'auto' },
          { name: 'createTime', type: 'varchar(19)', nullable: false },
          { name: 'updateTime', type: 'varchar(19)', nullable: false },
          { name: 'userId', type: 'integer', nullable: false },
          { name: 'contact', type: 'varchar(100)', nullable: false },
          { name: 'phone', type: 'varchar(11)', nullable: false },
          { name: 'province', type: 'varchar(50)', nullable: false, default: '' },
          { name: 'city', type: 'varchar(50)', nullable: false, default: '' },
          { name: 'district', type: 'varchar(50)', nullable: false, default: '' },
          { name: 'address', type: 'varchar(255)', nullable: false },
          { name: 'isDefault', type: 'boolean', nullable: false, default: false },
        ],
        indexes: [
          {
            name: 'idx_user_address_userId',
            columns: ['userId'],
            unique: false,
          },
          {
            name: 'idx_user_address_createTime',
            columns: ['createTime'],
            unique: false,
          },
        ],
      },
    },
  ],
  sql: {
    sqlite: [
      'create table "user_info" ("id" integer primary key autoincrement, "createTime" varchar(19) not null, "updateTime" varchar(19) not null, "unionid" varchar(64), "miniOpenid" varchar(64), "mpOpenid" varchar(64), "avatarUrl" varchar(500), "nickName" varchar(100), "phone" varchar(20), "gender" integer default 0 not null, "status" integer default 1 not null, "loginType" integer default 0 not null, "password" varchar(255), "passwordV" integer default 1 not null, "description" varchar(500))',
      'create unique index "uq_user_info_unionid" on "user_info" ("unionid")',
      'create unique index "uq_user_info_miniOpenid" on "user_info" ("miniOpenid")',
      'create unique index "uq_user_info_mpOpenid" on "user_info" ("mpOpenid")',
      'create unique index "uq_user_info_phone" on "user_info" ("phone")',
      'create index "idx_user_info_status" on "user_info" ("status")',
      'create index "idx_user_info_createTime" on "user_info" ("createTime")',
      'create table "user_address" ("id" integer primary key autoincrement, "createTime" varchar(19) not null, "updateTime" varchar(19) not null, "userId" integer not null, "contact" varchar(100) not null, "phone" varchar(11) not null, "province" varchar(50) default \'\' not null, "city" varchar(50) default \'\' not null, "district" varchar(50) default \'\' not null, "address" varchar(255) not null, "isDefault" boolean default 0 not null)',
      'create index "idx_user_address_userId" on "user_address" ("userId")',
      'create index "idx_user_address_createTime" on "user_address" ("createTime")',
    ],
    postgres: [
      'create table "user_info" ("id" serial primary key, "createTime" varchar(19) not null, "updateTime" varchar(19) not null, "unionid" varchar(64), "miniOpenid" varchar(64), "mpOpenid" varchar(64), "avatarUrl" varchar(500), "nickName" varchar(100), "phone" varchar(20), "gender" integer default 0 not null, "status" integer default 1 not null, "loginType" integer default 0 not null, "password" varchar(255), "passwordV" integer default 1 not null, "description" varchar(500))',
      'create unique index "uq_user_info_unionid" on "user_info" ("unionid")',
      'create unique index "uq_user_info_miniOpenid" on "user_info" ("miniOpenid")',
      'create unique index "uq_user_info_mpOpenid" on "user_info" ("mpOpenid")',
      'create unique index "uq_user_info_phone" on "user_info" ("phone")',
      'create index "idx_user_info_status" on "user_info" ("status")',
      'create index "idx_user_info_createTime" on "user_info" ("createTime")',
      'create table "user_address" ("id" serial primary key, "createTime" varchar(19) not null, "updateTime" varchar(19) not null, "userId" integer not null, "contact" varchar(100) not null, "phone" varchar(11) not null, "province" varchar(50) default \'\' not null, "city" varchar(50) default \'\' not null, "district" varchar(50) default \'\' not null, "address" varchar(255) not null, "isDefault" boolean default false not null)',
      'create index "idx_user_address_userId" on "user_address" ("userId")',
      'create index "idx_user_address_createTime" on "user_address" ("createTime")',
    ],
    mysql: [
      'create table `user_info` (`id` integer primary key auto_increment, `createTime` varchar(19) not null, `updateTime` varchar(19) not null, `unionid` varchar(64), `miniOpenid` varchar(64), `mpOpenid` varchar(64), `avatarUrl` varchar(500), `nickName` varchar(100), `phone` varchar(20), `gender` integer default 0 not null, `status` integer default 1 not null, `loginType` integer default 0 not null, `password` varchar(255), `passwordV` integer default 1 not null, `description` varchar(500)) engine=InnoDB default charset=utf8mb4 collate=utf8mb4_unicode_520_ci',
      'create unique index `uq_user_info_unionid` on `user_info` (`unionid`)',
      'create unique index `uq_user_info_miniOpenid` on `user_info` (`miniOpenid`)',
      'create unique index `uq_user_info_mpOpenid` on `user_info` (`mpOpenid`)',
      'create unique index `uq_user_info_phone` on `user_info` (`phone`)',
      'create index `idx_user_info_status` on `user_info` (`status`)',
      'create index `idx_user_info_createTime` on `user_info` (`createTime`)',
      "create table `user_address` (`id` integer primary key auto_increment, `createTime` varchar(19) not null, `updateTime` varchar(19) not null, `userId` integer not null, `contact` varchar(100) not null, `phone` varchar(11) not null, `province` varchar(50) default '' not null, `city` varchar(50) default '' not null, `district` varchar(50) default '' not null, `address` varchar(255) not null, `isDefault` boolean default 0 not null) engine=InnoDB default charset=utf8mb4 collate=utf8mb4_unicode_520_ci",
      'create index `idx_user_address_userId` on `user_address` (`userId`)',
      'create index `idx_user_address_createTime` on `user_address` (`createTime`)',
    ],
  },
};
