import { col, type TableDecl } from '@backroom/contract';
import { describe, expect, it } from 'vitest';
import { renderChanges } from './ddl.js';
import { fts5Arguments, trigramColumns } from './introspect.js';
import { declaredSchema, diffSchemas, foldChanges, heldBy, type SchemaModel } from './schema-model.js';

// A text index is a change kind of its own: declared (query.textIndex), added up from migrations,
// diffed, written as SQL per dialect and read back from a live database (drift.int.test.ts runs it).

const label = { 'zh-cn': '名', 'zh-tw': '名', en: 'Name' };
function people(textIndex?: readonly string[], nameLength = 100, textPairs?: readonly string[]): TableDecl {
  return {
    table: 'people',
    base: 'entity',
    columns: {
      name: col.string({ label, max: nameLength }),
      phone: col.string({ label, nullable: true, max: 20 }),
      age: col.int({ label, nullable: true }),
      note: col.text({ label, nullable: true }),
    },
    indexes: [],
    ...(textIndex ? { textIndex } : {}),
    ...(textPairs ? { textPairs } : {}),
  };
}
const schemaOf = (decl: TableDecl): SchemaModel => declaredSchema([decl]);

describe('the text index in the schema model', () => {
  it('is declared over text columns only, named after its table', () => {
    expect(schemaOf(people(['name', 'phone'])).people?.textIndex).toEqual({
      name: 'people_fts',
      columns: ['name', 'phone'],
      form: 'document',
    });
    expect(schemaOf(people()).people?.textIndex).toBeUndefined();
    expect(() => schemaOf(people(['name', 'age']))).toThrow(/covers age, which is not a text column/);
  });

  it('is added, dropped and changed as its own changes, which add up to the declared schema', () => {
    const none = schemaOf(people());
    const two = schemaOf(people(['name', 'phone']));
    const one = schemaOf(people(['name']));
    const index = { name: 'people_fts', columns: ['name', 'phone'], form: 'document' };
    expect(diffSchemas(none, two)).toEqual([{ op: 'createTextIndex', table: 'people', index }]);
    expect(diffSchemas(two, none)).toEqual([{ op: 'dropTextIndex', table: 'people', index }]);
    expect(diffSchemas(two, one).map((c) => c.op)).toEqual(['dropTextIndex', 'createTextIndex']);
    expect(diffSchemas(two, two)).toEqual([]);
    for (const [from, to] of [
      [none, two],
      [two, none],
      [two, one],
    ] as const) {
      expect(foldChanges(from, diffSchemas(from, to))).toEqual(to);
    }
  });

  it('goes before a change to one of its columns and is made again after it; other columns leave it alone', () => {
    const before = schemaOf(people(['name', 'phone']));
    const longer = schemaOf(people(['name', 'phone'], 200));
    expect(diffSchemas(before, longer).map((c) => c.op)).toEqual(['dropTextIndex', 'alterColumn', 'createTextIndex']);
    const withAge = declaredSchema([
      { ...people(['name', 'phone']), columns: { ...people().columns, age: col.bigint({ label, nullable: true }) } },
    ]);
    expect(diffSchemas(before, withAge).map((c) => c.op)).toEqual(['alterColumn']);
  });

  it('keeps pairs of the columns it covers that have a length, and says which', () => {
    expect(schemaOf(people(['name', 'phone'], 100, ['name'])).people?.textIndex).toEqual({
      name: 'people_fts',
      columns: ['name', 'phone'],
      form: 'document',
      pairs: ['name'],
    });
    expect(() => schemaOf(people(['name'], 100, ['phone']))).toThrow(/does not cover phone, named in its pairs/);
    expect(() => schemaOf(people(['name', 'note'], 100, ['note']))).toThrow(/pairs note, which is not a varchar/);
    const without = schemaOf(people(['name', 'phone']));
    const withPairs = schemaOf(people(['name', 'phone'], 100, ['name', 'phone']));
    expect(diffSchemas(without, withPairs).map((c) => c.op)).toEqual(['dropTextIndex', 'createTextIndex']);
    expect(foldChanges(without, diffSchemas(without, withPairs))).toEqual(withPairs);
  });

  it('is not held by MySQL/MariaDB, which keep the keyword a LIKE scan', () => {
    const schema = schemaOf(people(['name']));
    expect(heldBy('mysql', schema).people?.textIndex).toBeUndefined();
    expect(heldBy('postgres', schema)).toEqual(schema);
    expect(heldBy('sqlite', schema)).toEqual(schema);
  });
});

describe('the text index as SQL', () => {
  const none = schemaOf(people());
  const changes = diffSchemas(none, schemaOf(people(['name', 'phone'])));

  it('is an FTS5 trigram table on SQLite, filled from the rows and kept by three triggers', () => {
    const sql = renderChanges('sqlite', changes, none);
    expect(sql[0]).toBe(
      `create virtual table "people_fts" using fts5("name", "phone", content='people', content_rowid='id', tokenize='trigram')`,
    );
    expect(sql[1]).toBe(`insert into "people_fts" ("people_fts") values ('rebuild')`);
    expect(sql.slice(2).map((s) => /^create trigger "(\w+)" after (insert|delete|update)/.exec(s)?.slice(1))).toEqual([
      ['people_fts_insert', 'insert'],
      ['people_fts_delete', 'delete'],
      ['people_fts_update', 'update'],
    ]);
    expect(sql[4]).toContain(`after update of "name", "phone" on "people"`);
  });

  it('is one pg_trgm GIN index over the columns together on PostgreSQL, and nothing on MySQL', () => {
    expect(renderChanges('postgres', changes, none)).toEqual([
      'create extension if not exists pg_trgm',
      `create index "people_fts" on "people" using gin ((coalesce("name", '') || chr(31) || coalesce("phone", '')) gin_trgm_ops)`,
    ]);
    expect(renderChanges('mysql', changes, none)).toEqual([]);
    const two = schemaOf(people(['name', 'phone']));
    expect(renderChanges('postgres', diffSchemas(two, none), two)).toEqual(['drop index "people_fts"']);
    expect(renderChanges('sqlite', diffSchemas(two, none), two)).toEqual([
      'drop trigger if exists "people_fts_insert"',
      'drop trigger if exists "people_fts_delete"',
      'drop trigger if exists "people_fts_update"',
      'drop table "people_fts"',
    ]);
  });

  it('is made anew when SQLite rebuilds its table (the triggers go with the old one)', () => {
    const before = schemaOf(people(['name', 'phone']));
    const bigAge = declaredSchema([
      { ...people(['name', 'phone']), columns: { ...people().columns, age: col.bigint({ label, nullable: true }) } },
    ]);
    const sql = renderChanges('sqlite', diffSchemas(before, bigAge), before);
    const renamed = sql.findIndex((s) => s.startsWith('alter table "people__rebuild" rename'));
    expect(renamed).toBeGreaterThan(0);
    const after = sql.slice(renamed + 1);
    expect(after[0]).toBe('drop table if exists "people_fts"');
    expect(after.filter((s) => s.startsWith('create trigger')).length).toBe(3);
    expect(after.some((s) => s.startsWith('create virtual table "people_fts"'))).toBe(true);
  });

  it('changes form on PostgreSQL alone: per-column indexes (the first form) become one over the columns together', () => {
    const document = schemaOf(people(['name', 'phone']));
    const table = document.people;
    if (!table?.textIndex) throw new Error('no text index declared');
    const first: SchemaModel = { people: { ...table, textIndex: { name: 'people_fts', columns: ['name', 'phone'] } } };
    const changes = diffSchemas(first, document);
    expect(changes.map((c) => c.op)).toEqual(['dropTextIndex', 'createTextIndex']);
    expect(renderChanges('postgres', changes, first)).toEqual([
      'drop index "people_fts_name"',
      'drop index "people_fts_phone"',
      'create extension if not exists pg_trgm',
      `create index "people_fts" on "people" using gin ((coalesce("name", '') || chr(31) || coalesce("phone", '')) gin_trgm_ops)`,
    ]);
    expect(renderChanges('sqlite', changes, first)).toEqual([]);
    expect(renderChanges('mysql', changes, first)).toEqual([]);
    // The first form, made from scratch, as migration 20261125041000 wrote it.
    expect(renderChanges('postgres', diffSchemas(schemaOf(people()), first), schemaOf(people()))).toEqual([
      'create extension if not exists pg_trgm',
      'create index "people_fts_name" on "people" using gin ("name" gin_trgm_ops)',
      'create index "people_fts_phone" on "people" using gin ("phone" gin_trgm_ops)',
    ]);
  });

  it('gains or loses its pairs alone: the trigram index stays, the pairs table is made and filled or dropped', () => {
    const without = schemaOf(people(['name', 'phone']));
    const withPairs = schemaOf(people(['name', 'phone'], 100, ['name', 'phone']));
    const adding = diffSchemas(without, withPairs);
    const sqlite = renderChanges('sqlite', adding, without);
    expect(sqlite[0]).toBe(
      'create table "people_fts_pairs" ("gram" text not null, "id" integer not null, primary key ("gram", "id")) without rowid',
    );
    // Filled from the rows there are: each position of each column, as a multiple of 16 plus 1 to 16.
    expect(sqlite[1]).toMatch(
      /^insert or ignore into "people_fts_pairs" \("gram", "id"\) select substr\(lower\(a\."name"\), m\.value \+ u\.value, 2\), a\."id" from "people" a cross join json_each\('\[0,16,32,48,64,80,96\]'\) m cross join json_each\('\[1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16\]'\) u where m\.value < length\(a\."name"\) and m\.value \+ u\.value <= length\(a\."name"\) union all select substr\(lower\(a\."phone"\).*order by 1, 2$/,
    );
    expect(
      sqlite.slice(2).map((s) => /^create trigger "(\w+)" after (insert|delete|update)/.exec(s)?.slice(1)),
    ).toEqual([
      ['people_fts_pairs_insert', 'insert'],
      ['people_fts_pairs_delete', 'delete'],
      ['people_fts_pairs_update', 'update'],
    ]);
    expect(sqlite.some((s) => s.includes('fts5') || s.includes('"people_fts_insert"'))).toBe(false);
    const postgres = renderChanges('postgres', adding, without);
    // The rows there are first, in the pieces' byte order, and the key built over them once.
    expect(postgres[0]).toBe(
      'create table "people_fts_pairs" ("gram" text collate "C" not null, "id" integer not null)',
    );
    expect(postgres[1]).toMatch(
      /^insert into "people_fts_pairs" \("gram", "id"\) select distinct "gram", "id" from \(select substr\(lower\(a\."name"\), p, 2\) collate "C" as "gram", a\."id" from "people" a, generate_series\(1, length\(a\."name"\)\) p union all .*\) s$/,
    );
    expect(postgres[2]).toBe('alter table "people_fts_pairs" add primary key ("gram", "id")');
    // Sampled finely before the first statistics are taken (most pieces are rare).
    expect(postgres[3]).toBe('alter table "people_fts_pairs" alter column "gram" set statistics 1000');
    expect(postgres[4]).toBe('analyze "people_fts_pairs"');
    expect(postgres[5]).toMatch(
      /^create or replace function "people_fts_pairs_keep"\(\) returns trigger language plpgsql/,
    );
    expect(postgres[6]).toBe(
      'create trigger "people_fts_pairs_keep" after insert or delete or update of "name", "phone" on "people" for each row execute function "people_fts_pairs_keep"()',
    );
    expect(postgres.length).toBe(7);
    expect(renderChanges('mysql', adding, without)).toEqual([]);
    expect(renderChanges('sqlite', diffSchemas(withPairs, without), withPairs)).toEqual([
      'drop trigger if exists "people_fts_pairs_insert"',
      'drop trigger if exists "people_fts_pairs_delete"',
      'drop trigger if exists "people_fts_pairs_update"',
      'drop table "people_fts_pairs"',
    ]);
    expect(renderChanges('postgres', diffSchemas(withPairs, without), withPairs)).toEqual([
      'drop function "people_fts_pairs_keep"() cascade',
      'drop table "people_fts_pairs"',
    ]);
    // Dropped with its table, and made anew when SQLite rebuilds it.
    expect(renderChanges('postgres', diffSchemas(withPairs, {}), withPairs)).toContain('drop table "people_fts_pairs"');
    const bigAge = declaredSchema([
      {
        ...people(['name', 'phone'], 100, ['name', 'phone']),
        columns: { ...people().columns, age: col.bigint({ label, nullable: true }) },
      },
    ]);
    const rebuilt = renderChanges('sqlite', diffSchemas(withPairs, bigAge), withPairs);
    expect(rebuilt).toContain('drop table if exists "people_fts_pairs"');
    expect(rebuilt.filter((s) => s.startsWith('create trigger "people_fts_pairs_')).length).toBe(3);
  });

  it('is read back from what each database says of it', () => {
    expect(
      fts5Arguments(
        `CREATE VIRTUAL TABLE "t_fts" using fts5("a", "b""c", d, content='t', content_rowid='id', tokenize='trigram')`,
      ),
    ).toEqual({ columns: ['a', 'b"c', 'd'], options: { content: 't', content_rowid: 'id', tokenize: 'trigram' } });
    expect(
      trigramColumns(
        `CREATE INDEX customer_info_fts ON public.customer_info USING gin ((((COALESCE("customerCode", ''::character varying))::text || '\\x1F'::text) || (COALESCE(remark, ''::character varying))::text) gin_trgm_ops)`,
      ),
    ).toEqual(['customerCode', 'remark']);
  });
});
