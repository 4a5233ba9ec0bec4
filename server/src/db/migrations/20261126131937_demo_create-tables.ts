// 20261126131937_demo_create-tables: written 2026-11-26 by `npm run db:migration`
// from the declarations as they were then. Frozen: never edit it; a later change to a declaration
// gets a migration of its own (docs/architecture.md, "Migrations").
import type { Migration } from '../../core/db/migrator.js';

export const migration: Migration = {
  changes: [
    {
      op: 'createTable',
      table: {
        name: 'demo_goods',
        columns: [
          { name: 'id', type: 'integer', nullable: false, primaryKey: 'auto' },
          { name: 'createTime', type: 'varchar(19)', nullable: false },
          { name: 'updateTime', type: 'varchar(19)', nullable: false },
          { name: 'title', type: 'varchar(50)', nullable: false },
          { name: 'price', type: 'decimal(14, 2)', nullable: false },
          { name: 'description', type: 'text', nullable: true },
          { name: 'mainImage', type: 'varchar(500)', nullable: true },
          { name: 'type', type: 'integer', nullable: true },
          { name: 'status', type: 'integer', nullable: false, default: 1 },
          { name: 'exampleImages', type: 'text', nullable: true },
          { name: 'stock', type: 'integer', nullable: false, default: 0 },
          { name: 'userId', type: 'integer', nullable: true },
        ],
        indexes: [
          {
            name: 'idx_demo_goods_userId',
            columns: ['userId'],
            unique: false,
          },
          {
            name: 'idx_demo_goods_createTime',
            columns: ['createTime'],
            unique: false,
          },
        ],
      },
    },
    {
      op: 'createTable',
      table: {
        name: 'demo_tenant',
        columns: [
          { name: 'id', type: 'integer', nullable: false, primaryKey: 'auto' },
          { name: 'createTime', type: 'varchar(19)', nullable: false },
          { name: 'updateTime', type: 'varchar(19)', nullable: false },
          { name: 'title', type: 'varchar(50)', nullable: false },
          { name: 'remark', type: 'varchar(255)', nullable: true },
          { name: 'tenantId', type: 'integer', nullable: true },
        ],
        indexes: [
          {
            name: 'idx_demo_tenant_tenantId',
            columns: ['tenantId'],
            unique: false,
          },
          {
            name: 'idx_demo_tenant_createTime',
            columns: ['createTime'],
            unique: false,
          },
        ],
      },
    },
  ],
  sql: {
    sqlite: [
      'create table "demo_goods" ("id" integer primary key autoincrement, "createTime" varchar(19) not null, "updateTime" varchar(19) not null, "title" varchar(50) not null, "price" decimal(14, 2) not null, "description" text, "mainImage" varchar(500), "type" integer, "status" integer default 1 not null, "exampleImages" text, "stock" integer default 0 not null, "userId" integer)',
      'create index "idx_demo_goods_userId" on "demo_goods" ("userId")',
      'create index "idx_demo_goods_createTime" on "demo_goods" ("createTime")',
      'create table "demo_tenant" ("id" integer primary key autoincrement, "createTime" varchar(19) not null, "updateTime" varchar(19) not null, "title" varchar(50) not null, "remark" varchar(255), "tenantId" integer)',
      'create index "idx_demo_tenant_tenantId" on "demo_tenant" ("tenantId")',
      'create index "idx_demo_tenant_createTime" on "demo_tenant" ("createTime")',
    ],
    postgres: [
      'create table "demo_goods" ("id" serial primary key, "createTime" varchar(19) not null, "updateTime" varchar(19) not null, "title" varchar(50) not null, "price" decimal(14, 2) not null, "description" text, "mainImage" varchar(500), "type" integer, "status" integer default 1 not null, "exampleImages" text, "stock" integer default 0 not null, "userId" integer)',
      'create index "idx_demo_goods_userId" on "demo_goods" ("userId")',
      'create index "idx_demo_goods_createTime" on "demo_goods" ("createTime")',
      'create table "demo_tenant" ("id" serial primary key, "createTime" varchar(19) not null, "updateTime" varchar(19) not null, "title" varchar(50) not null, "remark" varchar(255), "tenantId" integer)',
      'create index "idx_demo_tenant_tenantId" on "demo_tenant" ("tenantId")',
      'create index "idx_demo_tenant_createTime" on "demo_tenant" ("createTime")',
    ],
    mysql: [
      'create table `demo_goods` (`id` integer primary key auto_increment, `createTime` varchar(19) not null, `updateTime` varchar(19) not null, `title` varchar(50) not null, `price` decimal(14, 2) not null, `description` mediumtext, `mainImage` varchar(500), `type` integer, `status` integer default 1 not null, `exampleImages` mediumtext, `stock` integer default 0 not null, `userId` integer) engine=InnoDB default charset=utf8mb4 collate=utf8mb4_unicode_520_ci',
      'create index `idx_demo_goods_userId` on `demo_goods` (`userId`)',
      'create index `idx_demo_goods_createTime` on `demo_goods` (`createTime`)',
      'create table `demo_tenant` (`id` integer primary key auto_increment, `createTime` varchar(19) not null, `updateTime` varchar(19) not null, `title` varchar(50) not null, `remark` varchar(255), `tenantId` integer) engine=InnoDB default charset=utf8mb4 collate=utf8mb4_unicode_520_ci',
      'create index `idx_demo_tenant_tenantId` on `demo_tenant` (`tenantId`)',
      'create index `idx_demo_tenant_createTime` on `demo_tenant` (`createTime`)',
    ],
  },
};
