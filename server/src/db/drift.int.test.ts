import { type Column, col, type TableDecl, tables } from '@backroom/contract';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { type DbHandle, openDatabase } from '../core/db/index.js';
import { introspect } from '../core/db/introspect.js';
import { type MigrationList, migrate } from '../core/db/migrator.js';
import { withSchemaLock } from '../core/db/schema-lock.js';
import { declaredSchema, describeDifferences, diffSchemas, heldBy } from '../core/db/schema-model.js';
import { testTargets } from '../testing/harness.js';
import { buildMigration, migratedSchema } from './generate.js';
import { MIGRATIONS } from './migrations/index.js';

const declared = (kind: DbHandle['kind']) => heldBy(kind, declaredSchema(Object.values(tables)));

/** The customers' text index as declared: its columns, the identifiers' pieces and the pairs. */
const WORDS = 'customerName,customerAddress,customerType,remark';
const DECLARED_INDEX = `customer_info_fts(${WORDS}) as document + grams(customerCode,customerPhone) + pairs(${WORDS})`;

describe.each(testTargets())('schema drift on $name', (target) => {
  const open: Array<{ handle: DbHandle; drop: () => Promise<void> }> = [];
  afterEach(async () => {
    for (const { handle, drop } of open.splice(0)) {
      await handle.close();
      await drop();
    }
  });
  async function emptyDatabase(): Promise<DbHandle> {
    const { db, drop } = await target.create();
    const handle = await openDatabase(db, { poolSize: 2 });
    open.push({ handle, drop });
    return handle;
  }

  it('migrates an empty database to exactly the declared columns, types, nullability, defaults and indexes', async () => {
    const handle = await emptyDatabase();
    const ran = await withSchemaLock(handle, (s) => migrate(s, MIGRATIONS));
    expect(ran).toEqual(Object.keys(MIGRATIONS));
    const actual = await introspect(handle);
    expect(describeDifferences(actual, declared(handle.kind))).toEqual([]);
    // Run again: nothing is due.
    expect(await withSchemaLock(handle, (s) => migrate(s, MIGRATIONS))).toEqual([]);
  });

  it('sees a column, an index or a default that differs from the declarations', async () => {
    const handle = await emptyDatabase();
    await withSchemaLock(handle, (s) => migrate(s, MIGRATIONS));
    const q = (name: string) => (handle.kind === 'mysql' ? `\`${name}\`` : `"${name}"`);
    await sql.raw(`alter table ${q('dict_type')} add column ${q('extra')} integer`).execute(handle.db);
    await sql.raw(`create index ${q('idx_dict_info_name')} on ${q('dict_info')} (${q('name')})`).execute(handle.db);
    expect(describeDifferences(await introspect(handle), declared(handle.kind)).sort()).toEqual([
      'dict_info: index index(name) (idx_dict_info_name) is not declared or its column changes',
      'dict_type.extra is not declared',
    ]);
  });

  it('runs what `npm run db:migration` writes for a changed declaration, and keeps the rows', async () => {
    const handle = await emptyDatabase();
    await withSchemaLock(handle, (s) => migrate(s, MIGRATIONS));
    const now = '2026-11-25 10:00:00';
    await handle.loose
      .insertInto('dict_type')
      .values([
        { name: 'Colours', key: 'colour', createTime: now, updateTime: now },
        { name: 'Sizes', key: 'size', createTime: now, updateTime: now },
      ])
      .execute();
    // A declaration changed every way a later issue will: columns added (nullable, with a default),
    // one dropped, one made longer and one given a default, an index added, a table added.
    const dictType = tables.dict_type;
    const nameColumn: Column = { ...dictType.columns.name, length: 200 };
    const changed: TableDecl[] = Object.values(tables).map((decl) =>
      decl.table !== 'dict_type'
        ? decl
        : {
            ...decl,
            // A text index over a column that changes, on a table that has rows.
            textIndex: ['name', 'key'],
            columns: {
              name: nameColumn,
              key: dictType.columns.key,
              remark: col.string({ label: dictType.label, nullable: true, max: 300 }),
              orderNum: col.int({ label: dictType.label, default: 0, index: true }),
              enabled: col.bool({ label: dictType.label, default: true }),
            },
          },
    );
    changed.push({
      table: 'dict_extra',
      base: 'entity',
      columns: { typeId: col.int({ label: dictType.label, index: true }), note: col.text({ label: dictType.label }) },
      indexes: [{ columns: ['typeId', 'createTime'], unique: true }],
    });
    const before = migratedSchema();
    const target = declaredSchema(changed);
    const migration = buildMigration(diffSchemas(before, target), before);
    const list: MigrationList = { ...MIGRATIONS, '29991231000000_dict_test-change': migration };
    expect(await withSchemaLock(handle, (s) => migrate(s, list))).toEqual(['29991231000000_dict_test-change']);
    expect(describeDifferences(await introspect(handle), heldBy(handle.kind, target))).toEqual([]);
    const rows = await handle.loose.selectFrom('dict_type').selectAll().orderBy('id').execute();
    expect(rows.map((r) => [r.name, r.key, r.remark, Number(r.orderNum), Boolean(Number(r.enabled))])).toEqual([
      ['Colours', 'colour', null, 0, true],
      ['Sizes', 'size', null, 0, true],
    ]);
    if (handle.kind === 'sqlite') {
      // The rows there were are in the new index, and a new one is added by its trigger.
      await handle.loose
        .insertInto('dict_type')
        .values({ name: 'Shapes', key: 'shape', createTime: now, updateTime: now })
        .execute();
      const found = await sql<{ name: string }>`select name from dict_type where id in
        (select rowid from dict_type_fts where dict_type_fts match '"OLOU"' or dict_type_fts match '"hape"')`.execute(
        handle.db,
      );
      expect(found.rows.map((r) => r.name).sort()).toEqual(['Colours', 'Shapes']);
    }
  });

  // MariaDB has no text index to lose a part of: the test exists for the other two only.
  if (target.name !== 'mysql')
    it('sees a text index that lost a part', async () => {
      const handle = await emptyDatabase();
      await withSchemaLock(handle, (s) => migrate(s, MIGRATIONS));
      const statement =
        handle.kind === 'sqlite' ? 'drop trigger "customer_info_fts_update"' : 'drop index "customer_info_fts"';
      await sql.raw(statement).execute(handle.db);
      const differences = describeDifferences(await introspect(handle), declared(handle.kind));
      expect(differences).toEqual(
        handle.kind === 'sqlite'
          ? [
              `customer_info: text ${DECLARED_INDEX.replace('(', ' (no update trigger)(')} is not declared or its columns change`,
              `customer_info: text ${DECLARED_INDEX} is missing`,
            ]
          : // Without its GIN index the tables of pieces are no text index's parts.
            [
              `customer_info: text ${DECLARED_INDEX} is missing`,
              'table customer_info_fts_grams is not declared',
              'table customer_info_fts_pairs is not declared',
            ],
      );
    });

  if (target.name !== 'mysql')
    it("sees the identifier pieces' trigger gone", async () => {
      const handle = await emptyDatabase();
      await withSchemaLock(handle, (s) => migrate(s, MIGRATIONS));
      const statement =
        handle.kind === 'sqlite'
          ? 'drop trigger "customer_info_fts_grams_delete"'
          : 'drop trigger "customer_info_fts_grams_keep" on "customer_info"';
      await sql.raw(statement).execute(handle.db);
      const differences = describeDifferences(await introspect(handle), declared(handle.kind));
      const flaw = handle.kind === 'sqlite' ? 'no grams delete trigger' : 'no grams trigger';
      expect(differences).toEqual([
        // PostgreSQL reads the identifier columns from the trigger's function: none without it.
        `customer_info: text customer_info_fts (${flaw})(customerName,customerAddress,customerType,remark) as document${
          handle.kind === 'sqlite' ? ' + grams(customerCode,customerPhone)' : ''
        } + pairs(${WORDS}) is not declared or its columns change`,
        `customer_info: text ${DECLARED_INDEX} is missing`,
      ]);
    });

  if (target.name !== 'mysql')
    it("sees the pairs' trigger gone", async () => {
      const handle = await emptyDatabase();
      await withSchemaLock(handle, (s) => migrate(s, MIGRATIONS));
      const statement =
        handle.kind === 'sqlite'
          ? 'drop trigger "customer_info_fts_pairs_update"'
          : 'drop trigger "customer_info_fts_pairs_keep" on "customer_info"';
      await sql.raw(statement).execute(handle.db);
      const differences = describeDifferences(await introspect(handle), declared(handle.kind));
      const flaw = handle.kind === 'sqlite' ? 'no pairs update trigger' : 'no pairs trigger';
      expect(differences).toEqual([
        // PostgreSQL reads the pairs' columns from the trigger's function: none without it.
        `customer_info: text customer_info_fts (${flaw})(${WORDS}) as document + grams(customerCode,customerPhone)${
          handle.kind === 'sqlite' ? ` + pairs(${WORDS})` : ''
        } is not declared or its columns change`,
        `customer_info: text ${DECLARED_INDEX} is missing`,
      ]);
    });

  it('refuses a database that a newer version migrated', async () => {
    const handle = await emptyDatabase();
    await withSchemaLock(handle, (s) => migrate(s, MIGRATIONS));
    const older: MigrationList = Object.fromEntries(Object.entries(MIGRATIONS).slice(0, -1));
    await expect(withSchemaLock(handle, (s) => migrate(s, older))).rejects.toThrow(/migrated by a newer Backroom/);
  });
});
