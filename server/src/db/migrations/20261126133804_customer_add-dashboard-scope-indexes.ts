// 20261126133804_customer_add-dashboard-scope-indexes: written 2026-11-26 by `npm run db:migration`
// from the declarations as they were then. Frozen: never edit it; a later change to a declaration
// gets a migration of its own (docs/architecture.md, "Migrations").
import type { Migration } from '../../core/db/migrator.js';

export const migration: Migration = {
  changes: [
    {
      op: 'createIndex',
      table: 'customer_info',
      index: {
        name: 'idx_customer_info_home_owner',
        columns: ['employeeId', 'createTime', 'customerType'],
        unique: false,
      },
    },
    {
      op: 'createIndex',
      table: 'customer_info',
      index: {
        name: 'idx_customer_info_home_store',
        columns: ['storeId', 'createTime', 'customerType', 'employeeId'],
        unique: false,
      },
    },
    {
      op: 'createIndex',
      table: 'customer_invitation_record',
      index: {
        name: 'idx_customer_invitation_record_home_owner',
        columns: ['employeeId', 'inviteTime', 'customerStatus'],
        unique: false,
      },
    },
    {
      op: 'createIndex',
      table: 'customer_invitation_record',
      index: {
        name: 'idx_customer_invitation_record_home_store',
        columns: ['storeId', 'inviteTime', 'customerStatus', 'employeeId'],
        unique: false,
      },
    },
  ],
  sql: {
    sqlite: [
      'create index "idx_customer_info_home_owner" on "customer_info" ("employeeId", "createTime", "customerType")',
      'create index "idx_customer_info_home_store" on "customer_info" ("storeId", "createTime", "customerType", "employeeId")',
      'create index "idx_customer_invitation_record_home_owner" on "customer_invitation_record" ("employeeId", "inviteTime", "customerStatus")',
      'create index "idx_customer_invitation_record_home_store" on "customer_invitation_record" ("storeId", "inviteTime", "customerStatus", "employeeId")',
    ],
    postgres: [
      'create index "idx_customer_info_home_owner" on "customer_info" ("employeeId", "createTime", "customerType")',
      'create index "idx_customer_info_home_store" on "customer_info" ("storeId", "createTime", "customerType", "employeeId")',
      'create index "idx_customer_invitation_record_home_owner" on "customer_invitation_record" ("employeeId", "inviteTime", "customerStatus")',
      'create index "idx_customer_invitation_record_home_store" on "customer_invitation_record" ("storeId", "inviteTime", "customerStatus", "employeeId")',
    ],
    mysql: [
      'create index `idx_customer_info_home_owner` on `customer_info` (`employeeId`, `createTime`, `customerType`)',
      'create index `idx_customer_info_home_store` on `customer_info` (`storeId`, `createTime`, `customerType`, `employeeId`)',
      'create index `idx_customer_invitation_record_home_owner` on `customer_invitation_record` (`employeeId`, `inviteTime`, `customerStatus`)',
      'create index `idx_customer_invitation_record_home_store` on `customer_invitation_record` (`storeId`, `inviteTime`, `customerStatus`, `employeeId`)',
    ],
  },
};
