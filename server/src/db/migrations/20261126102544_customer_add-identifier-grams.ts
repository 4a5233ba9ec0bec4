// 20261126102544_customer_add-identifier-grams: written 2026-11-26 by `npm run db:migration`
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
        form: 'document',
      },
    },
    {
      op: 'createTextIndex',
      table: 'customer_info',
      index: {
        name: 'customer_info_fts',
        columns: ['customerName', 'customerAddress', 'customerType', 'remark'],
        form: 'document',
        identifiers: ['customerCode', 'customerPhone'],
      },
    },
  ],
  sql: {
    sqlite: [
      'drop trigger if exists "customer_info_fts_insert"',
      'drop trigger if exists "customer_info_fts_delete"',
      'drop trigger if exists "customer_info_fts_update"',
      'drop table "customer_info_fts"',
      'create virtual table "customer_info_fts" using fts5("customerName", "customerAddress", "customerType", "remark", content=\'customer_info\', content_rowid=\'id\', tokenize=\'trigram\')',
      'insert into "customer_info_fts" ("customer_info_fts") values (\'rebuild\')',
      'create trigger "customer_info_fts_insert" after insert on "customer_info" begin insert into "customer_info_fts" (rowid, "customerName", "customerAddress", "customerType", "remark") values (new."id", new."customerName", new."customerAddress", new."customerType", new."remark"); end',
      'create trigger "customer_info_fts_delete" after delete on "customer_info" begin insert into "customer_info_fts" ("customer_info_fts", rowid, "customerName", "customerAddress", "customerType", "remark") values (\'delete\', old."id", old."customerName", old."customerAddress", old."customerType", old."remark"); end',
      'create trigger "customer_info_fts_update" after update of "customerName", "customerAddress", "customerType", "remark" on "customer_info" begin insert into "customer_info_fts" ("customer_info_fts", rowid, "customerName", "customerAddress", "customerType", "remark") values (\'delete\', old."id", old."customerName", old."customerAddress", old."customerType", old."remark"); insert into "customer_info_fts" (rowid, "customerName", "customerAddress", "customerType", "remark") values (new."id", new."customerName", new."customerAddress", new."customerType", new."remark"); end',
      'create table "customer_info_fts_grams" ("gram" text not null, "id" integer not null, primary key ("gram", "id")) without rowid',
      'insert or ignore into "customer_info_fts_grams" ("gram", "id") select substr(lower(a."customerCode"), p.value, 6), a."id" from "customer_info" a, json_each(\'[1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31,32]\') p where p.value <= length(a."customerCode") union all select substr(lower(a."customerPhone"), p.value, 6), a."id" from "customer_info" a, json_each(\'[1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31,32]\') p where p.value <= length(a."customerPhone") order by 1, 2',
      'create trigger "customer_info_fts_grams_insert" after insert on "customer_info" begin insert or ignore into "customer_info_fts_grams" ("gram", "id") select substr(lower(new."customerCode"), p.value, 6), new."id" from json_each(\'[1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31,32]\') p where p.value <= length(new."customerCode") union all select substr(lower(new."customerPhone"), p.value, 6), new."id" from json_each(\'[1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31,32]\') p where p.value <= length(new."customerPhone"); end',
      'create trigger "customer_info_fts_grams_delete" after delete on "customer_info" begin delete from "customer_info_fts_grams" where "id" = old."id" and "gram" in (select substr(lower(old."customerCode"), p.value, 6) from json_each(\'[1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31,32]\') p where p.value <= length(old."customerCode") union select substr(lower(old."customerPhone"), p.value, 6) from json_each(\'[1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31,32]\') p where p.value <= length(old."customerPhone")); end',
      'create trigger "customer_info_fts_grams_update" after update of "customerCode", "customerPhone" on "customer_info" begin delete from "customer_info_fts_grams" where "id" = old."id" and "gram" in (select substr(lower(old."customerCode"), p.value, 6) from json_each(\'[1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31,32]\') p where p.value <= length(old."customerCode") union select substr(lower(old."customerPhone"), p.value, 6) from json_each(\'[1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31,32]\') p where p.value <= length(old."customerPhone")); insert or ignore into "customer_info_fts_grams" ("gram", "id") select substr(lower(new."customerCode"), p.value, 6), new."id" from json_each(\'[1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31,32]\') p where p.value <= length(new."customerCode") union all select substr(lower(new."customerPhone"), p.value, 6), new."id" from json_each(\'[1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31,32]\') p where p.value <= length(new."customerPhone"); end',
    ],
    postgres: [
      'drop index "customer_info_fts"',
      'create extension if not exists pg_trgm',
      'create index "customer_info_fts" on "customer_info" using gin ((coalesce("customerName", \'\') || chr(31) || coalesce("customerAddress", \'\') || chr(31) || coalesce("customerType", \'\') || chr(31) || coalesce("remark", \'\')) gin_trgm_ops)',
      'create table "customer_info_fts_grams" ("gram" text collate "C" not null, "id" integer not null, primary key ("gram", "id"))',
      'insert into "customer_info_fts_grams" ("gram", "id") select substr(lower(a."customerCode"), p, 6), a."id" from "customer_info" a, generate_series(1, length(a."customerCode")) p union all select substr(lower(a."customerPhone"), p, 6), a."id" from "customer_info" a, generate_series(1, length(a."customerPhone")) p order by 1, 2 on conflict do nothing',
      'analyze "customer_info_fts_grams"',
      'create function "customer_info_fts_grams_keep"() returns trigger language plpgsql as $$ begin if tg_op <> \'INSERT\' then delete from "customer_info_fts_grams" where "id" = old."id" and "gram" in (select substr(lower(old."customerCode"), p, 6) from generate_series(1, length(old."customerCode")) p union select substr(lower(old."customerPhone"), p, 6) from generate_series(1, length(old."customerPhone")) p); end if; if tg_op <> \'DELETE\' then insert into "customer_info_fts_grams" ("gram", "id") select substr(lower(new."customerCode"), p, 6), new."id" from generate_series(1, length(new."customerCode")) p union all select substr(lower(new."customerPhone"), p, 6), new."id" from generate_series(1, length(new."customerPhone")) p on conflict do nothing; end if; return null; end $$',
      'create trigger "customer_info_fts_grams_keep" after insert or delete or update of "customerCode", "customerPhone" on "customer_info" for each row execute function "customer_info_fts_grams_keep"()',
    ],
    mysql: [],
  },
};
