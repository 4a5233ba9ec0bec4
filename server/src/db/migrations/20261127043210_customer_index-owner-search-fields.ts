// 20261127043210_customer_index-owner-search-fields: written 2026-11-27 by `npm run db:migration`
// from the declarations as they were then. Frozen: never edit it; a later change to a declaration
// gets a migration of its own (docs/architecture.md, "Migrations").
import type { Migration } from '../../core/db/migrator.js';

export const migration: Migration = {
  changes: [
    {
      op: 'dropIndex',
      table: 'customer_info',
      index: {
        name: 'idx_customer_info_employeeId_id',
        columns: ['employeeId', 'id'],
        unique: false,
      },
    },
    {
      op: 'createIndex',
      table: 'customer_info',
      index: {
        name: 'idx_customer_info_owner_search',
        columns: ['employeeId', 'id'],
        unique: false,
        covering: ['customerCode', 'customerName', 'customerPhone', 'customerAddress', 'customerType', 'remark'],
      },
    },
  ],
  sql: {
    sqlite: [
      'drop index "idx_customer_info_employeeId_id"',
      'create index "idx_customer_info_owner_search" on "customer_info" ("employeeId", "id", "customerCode", "customerName", "customerPhone", "customerAddress", "customerType", "remark")',
    ],
    postgres: [
      'drop index "idx_customer_info_employeeId_id"',
      'create index "idx_customer_info_owner_search" on "customer_info" ("employeeId", "id")',
    ],
    mysql: [
      'drop index `idx_customer_info_employeeId_id` on `customer_info`',
      'create index `idx_customer_info_owner_search` on `customer_info` (`employeeId`, `id`)',
    ],
  },
};
