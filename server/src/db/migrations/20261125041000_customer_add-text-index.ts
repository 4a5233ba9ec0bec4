// 20261125041000_customer_add-text-index: written 2026-11-25 by `npm run db:migration`
// from the declarations as they were then. Frozen: never edit it; a later change to a declaration
// gets a migration of its own (docs/architecture.md, "Migrations").
import type { Migration } from '../../core/db/migrator.js';

export const migration: Migration = {
  changes: [
    {
      op: 'createTextIndex',
      table: 'customer_info',
      index: {
        name: 'customer_info_fts',
        columns: ['customerCode', 'customerName', 'customerPhone', 'customerAddress', 'customerType', 'remark'],
      },
    },
  ],
  sql: {
    sqlite: [
      'create virtual table "customer_info_fts" using fts5("customerCode", "customerName", "customerPhone", "customerAddress", "customerType", "remark", content=\'customer_info\', content_rowid=\'id\', tokenize=\'trigram\')',
      'insert into "customer_info_fts" ("customer_info_fts") values (\'rebuild\')',
      'create trigger "customer_info_fts_insert" after insert on "customer_info" begin insert into "customer_info_fts" (rowid, "customerCode", "customerName", "customerPhone", "customerAddress", "customerType", "remark") values (new."id", new."customerCode", new."customerName", new."customerPhone", new."customerAddress", new."customerType", new."remark"); end',
      'create trigger "customer_info_fts_delete" after delete on "customer_info" begin insert into "customer_info_fts" ("customer_info_fts", rowid, "customerCode", "customerName", "customerPhone", "customerAddress", "customerType", "remark") values (\'delete\', old."id", old."customerCode", old."customerName", old."customerPhone", old."customerAddress", old."customerType", old."remark"); end',
      'create trigger "customer_info_fts_update" after update of "customerCode", "customerName", "customerPhone", "customerAddress", "customerType", "remark" on "customer_info" begin insert into "customer_info_fts" ("customer_info_fts", rowid, "customerCode", "customerName", "customerPhone", "customerAddress", "customerType", "remark") values (\'delete\', old."id", old."customerCode", old."customerName", old."customerPhone", old."customerAddress", old."customerType", old."remark"); insert into "customer_info_fts" (rowid, "customerCode", "customerName", "customerPhone", "customerAddress", "customerType", "remark") values (new."id", new."customerCode", new."customerName", new."customerPhone", new."customerAddress", new."customerType", new."remark"); end',
    ],
    postgres: [
      'create extension if not exists pg_trgm',
      'create index "customer_info_fts_customerCode" on "customer_info" using gin ("customerCode" gin_trgm_ops)',
      'create index "customer_info_fts_customerName" on "customer_info" using gin ("customerName" gin_trgm_ops)',
      'create index "customer_info_fts_customerPhone" on "customer_info" using gin ("customerPhone" gin_trgm_ops)',
      'create index "customer_info_fts_customerAddress" on "customer_info" using gin ("customerAddress" gin_trgm_ops)',
      'create index "customer_info_fts_customerType" on "customer_info" using gin ("customerType" gin_trgm_ops)',
      'create index "customer_info_fts_remark" on "customer_info" using gin ("remark" gin_trgm_ops)',
    ],
    mysql: [],
  },
};
