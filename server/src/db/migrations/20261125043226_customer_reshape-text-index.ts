// 20261125043226_customer_reshape-text-index: written 2026-11-25 by `npm run db:migration`
// from the declarations as they were then. Frozen: never edit it; a later change to a declaration
// gets a migration of its own (docs/architecture.md, "Migrations").
import type { Migration } from '../../core/db/migrator.js';

export const migration: Migration = {
  changes: [
    {
      op: 'dropTextIndex',
      table: 'customer_info',
      index: {
        name: 'customer_info_fts',
        columns: ['customerCode', 'customerName', 'customerPhone', 'customerAddress', 'customerType', 'remark'],
      },
    },
    {
      op: 'createTextIndex',
      table: 'customer_info',
      index: {
        name: 'customer_info_fts',
        columns: ['customerCode', 'customerName', 'customerPhone', 'customerAddress', 'customerType', 'remark'],
        form: 'document',
      },
    },
  ],
  sql: {
    sqlite: [],
    postgres: [
      'drop index "customer_info_fts_customerCode"',
      'drop index "customer_info_fts_customerName"',
      'drop index "customer_info_fts_customerPhone"',
      'drop index "customer_info_fts_customerAddress"',
      'drop index "customer_info_fts_customerType"',
      'drop index "customer_info_fts_remark"',
      'create extension if not exists pg_trgm',
      'create index "customer_info_fts" on "customer_info" using gin ((coalesce("customerCode", \'\') || chr(31) || coalesce("customerName", \'\') || chr(31) || coalesce("customerPhone", \'\') || chr(31) || coalesce("customerAddress", \'\') || chr(31) || coalesce("customerType", \'\') || chr(31) || coalesce("remark", \'\')) gin_trgm_ops)',
    ],
    mysql: [],
  },
};
