// 20261201231941_user_widen-address-phone: written 2026-12-01 by `npm run db:migration`
// from the declarations as they were then. Frozen: never edit it; a later change to a declaration
// gets a migration of its own (docs/architecture.md, "Migrations").
import type { Migration } from '../../core/db/migrator.js';

export const migration: Migration = {
  changes: [
    {
      op: 'alterColumn',
      table: 'user_address',
      column: { name: 'phone', type: 'varchar(20)', nullable: false },
    },
  ],
  sql: {
    sqlite: [
      'create table "user_address__rebuild" ("id" integer primary key autoincrement, "createTime" varchar(19) not null, "updateTime" varchar(19) not null, "userId" integer not null, "contact" varchar(100) not null, "phone" varchar(20) not null, "province" varchar(50) default \'\' not null, "city" varchar(50) default \'\' not null, "district" varchar(50) default \'\' not null, "address" varchar(255) not null, "isDefault" boolean default 0 not null)',
      'insert into "user_address__rebuild" ("id", "createTime", "updateTime", "userId", "contact", "phone", "province", "city", "district", "address", "isDefault") select "id", "createTime", "updateTime", "userId", "contact", "phone", "province", "city", "district", "address", "isDefault" from "user_address"',
      'drop table "user_address"',
      'alter table "user_address__rebuild" rename to "user_address"',
      'create index "idx_user_address_userId" on "user_address" ("userId")',
      'create index "idx_user_address_createTime" on "user_address" ("createTime")',
    ],
    postgres: ['alter table "user_address" alter column "phone" type varchar(20) using "phone"::varchar(20)'],
    mysql: ['alter table `user_address` modify column `phone` varchar(20) not null'],
  },
};
