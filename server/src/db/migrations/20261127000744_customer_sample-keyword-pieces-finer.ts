// 20261127000744_customer_sample-keyword-pieces-finer: written 2026-11-27 by hand (no declaration changed, so `npm run db:migration` has
// nothing to write): PostgreSQL samples customer_info's keyword pieces 1,000 ways instead of 100
// (core/db/ddl.ts, PIECE_STATISTICS), so a clerk's search of two characters starts from the
// pieces, not from the clerk's customers. Frozen: never edit it; a later change gets a migration of
// its own (docs/architecture.md, "Migrations").
import type { Migration } from '../../core/db/migrator.js';

export const migration: Migration = {
  changes: [],
  sql: {
    sqlite: [],
    postgres: [
      'alter table "customer_info_fts_grams" alter column "gram" set statistics 1000',
      'alter table "customer_info_fts_pairs" alter column "gram" set statistics 1000',
      'analyze "customer_info_fts_grams"',
      'analyze "customer_info_fts_pairs"',
    ],
    mysql: [],
  },
};
