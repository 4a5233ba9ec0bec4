// 20261126130639_customer_add-dashboard-indexes: written 2026-11-26 by `npm run db:migration`
// from the declarations as they were then. Frozen: never edit it; a later change to a declaration
// gets a migration of its own (docs/architecture.md, "Migrations").
import type { Migration } from '../../core/db/migrator.js';

export const migration: Migration = {
  changes: [
    {
      op: 'createIndex',
      table: 'customer_info',
      index: {
        name: 'idx_customer_info_createTime_storeId_employeeId',
        columns: ['createTime', 'storeId', 'employeeId'],
        unique: false,
      },
    },
    {
      op: 'createIndex',
      table: 'customer_info',
      index: {
        name: 'idx_customer_info_customerType_storeId_employeeId',
        columns: ['customerType', 'storeId', 'employeeId'],
        unique: false,
      },
    },
    {
      op: 'createIndex',
      table: 'customer_invitation_record',
      index: {
        name: 'idx_customer_invitation_record_home',
        columns: ['inviteTime', 'storeId', 'employeeId', 'customerStatus'],
        unique: false,
      },
    },
  ],
  sql: {
    sqlite: [
      'create index "idx_customer_info_createTime_storeId_employeeId" on "customer_info" ("createTime", "storeId", "employeeId")',
      'create index "idx_customer_info_customerType_storeId_employeeId" on "customer_info" ("customerType", "storeId", "employeeId")',
      'create index "idx_customer_invitation_record_home" on "customer_invitation_record" ("inviteTime", "storeId", "employeeId", "customerStatus")',
    ],
    postgres: [
      'create index "idx_customer_info_createTime_storeId_employeeId" on "customer_info" ("createTime", "storeId", "employeeId")',
      'create index "idx_customer_info_customerType_storeId_employeeId" on "customer_info" ("customerType", "storeId", "employeeId")',
      'create index "idx_customer_invitation_record_home" on "customer_invitation_record" ("inviteTime", "storeId", "employeeId", "customerStatus")',
    ],
    mysql: [
      'create index `idx_customer_info_createTime_storeId_employeeId` on `customer_info` (`createTime`, `storeId`, `employeeId`)',
      'create index `idx_customer_info_customerType_storeId_employeeId` on `customer_info` (`customerType`, `storeId`, `employeeId`)',
      'create index `idx_customer_invitation_record_home` on `customer_invitation_record` (`inviteTime`, `storeId`, `employeeId`, `customerStatus`)',
    ],
  },
};
