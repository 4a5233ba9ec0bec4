import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { type Target, testTargets } from '../../testing/harness.js';
import { type DbHandle, openDatabase } from './index.js';

// DbHandle.read, the path of the CRUD factory's compiled page, list and count reads: SQLite reads
// from its cached statement, PostgreSQL runs named prepared statements (and falls back to unnamed
// ones when a named statement cannot serve), MariaDB goes through Kysely's driver.

/** Databases of one target, each with a table of three rows, dropped after each test. */
function probes(target: Target) {
  const open: Array<{ handle: DbHandle; drop: () => Promise<void> }> = [];
  afterEach(async () => {
    for (const { handle, drop } of open.splice(0)) {
      await handle.close();
      await drop();
    }
  });
  /** On one connection, so PostgreSQL's named statements are its own. */
  return async function probeDatabase(): Promise<DbHandle> {
    const { db, drop } = await target.create();
    const handle = await openDatabase(db, { poolSize: 1 });
    open.push({ handle, drop });
    await sql`create table read_probe (id integer primary key, name varchar(20) not null)`.execute(handle.db);
    await handle.loose
      .insertInto('read_probe')
      .values([
        { id: 1, name: 'one' },
        { id: 2, name: 'two' },
        { id: 3, name: 'three' },
      ])
      .execute();
    return handle;
  };
}

const above = (handle: DbHandle, id: number) =>
  handle.loose.selectFrom('read_probe').selectAll().where('id', '>', id).orderBy('id').compile();

describe.each(testTargets())('compiled reads on $name', (target) => {
  const probeDatabase = probes(target);

  it('answers the rows of the query, again and with other parameters', async () => {
    const handle = await probeDatabase();
    const first = await handle.read(above(handle, 1));
    expect(first.rows).toEqual([
      { id: 2, name: 'two' },
      { id: 3, name: 'three' },
    ]);
    for (let i = 0; i < 7; i++) expect((await handle.read(above(handle, 1))).rows).toEqual(first.rows);
    expect((await handle.read(above(handle, 2))).rows).toEqual([{ id: 3, name: 'three' }]);
    expect((await handle.read(above(handle, 3))).rows).toEqual([]);
  });

  it('answers the new columns after the table changes under a query read before', async () => {
    const handle = await probeDatabase();
    expect((await handle.read(above(handle, 2))).rows).toEqual([{ id: 3, name: 'three' }]);
    await sql`alter table read_probe add column extra integer default 7 not null`.execute(handle.db);
    // On PostgreSQL the named statement of `select *` may no longer change its result type: the
    // read runs unnamed instead of failing.
    expect((await handle.read(above(handle, 2))).rows).toEqual([{ id: 3, name: 'three', extra: 7 }]);
    expect((await handle.read(above(handle, 1))).rows).toEqual([
      { id: 2, name: 'two', extra: 7 },
      { id: 3, name: 'three', extra: 7 },
    ]);
  });
});

describe.each(testTargets().filter((t) => t.name === 'postgres'))('named statements on $name', (target) => {
  const probeDatabase = probes(target);

  it('keeps a compiled read as a named statement on its connection', async () => {
    const handle = await probeDatabase();
    await handle.read(above(handle, 1));
    const kept = await sql<{ statement: string }>`select statement from pg_prepared_statements`.execute(handle.db);
    expect(kept.rows.map((r) => r.statement)).toContain(above(handle, 1).sql);
  });

  it('reads unnamed once the connection has lost its statements, as behind a transaction pooler', async () => {
    const handle = await probeDatabase();
    expect((await handle.read(above(handle, 2))).rows).toEqual([{ id: 3, name: 'three' }]);
    // pg still takes the statement for prepared on this connection; PostgreSQL no longer has it.
    await sql`deallocate all`.execute(handle.db);
    expect((await handle.read(above(handle, 2))).rows).toEqual([{ id: 3, name: 'three' }]);
    expect((await handle.read(above(handle, 1))).rows).toHaveLength(2);
    const kept = await sql<{ n: number }>`select count(*)::int as n from pg_prepared_statements`.execute(handle.db);
    expect(kept.rows[0]?.n).toBe(0);
  });
});
