import { type AuditAction, DEFAULT_LOCALE, TENANT_COLUMN } from '@backroom/contract';
import type { Session } from '../auth/principal.js';
import { asLoose, type Db, formatTime, insertManyReturningIds, insertReturningId } from '../db/index.js';
import { AppError, conflict, notFound } from '../errors.js';
import { addedOf, changesOf } from '../history.js';
import type { CrudContext } from './crud-context.js';
import type { CrudService, LooseTrx, Row, WriteContext } from './crud-types.js';
import { readDictionaries } from './excel-cells.js';
import { assertNoMaskLeft, dropUnchangedMasks } from './masking.js';
import { baseQuery, MAIN, toStored } from './query.js';
import { assertOwnedWritable } from './scope.js';
import { whereTenant, withTenant } from './tenant.js';
import { createWriteChecks } from './write-checks.js';

type WritePath = Pick<CrudService, 'add' | 'update' | 'delete' | 'touchable' | 'insertManyIn' | 'updateIn'>;

/** The values an update writes: an undefined one leaves the stored value as it is (toStored skips it). */
function definedOf(data: Row): Row {
  return Object.fromEntries(Object.entries(data).filter(([, value]) => value !== undefined));
}

/** What an add or update sets beside the columns (a user's roleIdList, a role's menuIdList). */
function besideOf(input: Row): Row {
  return Object.fromEntries(Object.entries(input).filter(([key]) => key.endsWith('IdList') || key.endsWith('Ids')));
}

/**
 * The write path of one entity: add (one row at a time, or many at once for an import), update and
 * delete, each in a transaction. A row is written only within the session's data scope: update and
 * delete reach only the rows `touchable` finds (its tenant, then scope.ts, applyDataScope), and the
 * row as it will be stored must stay in the operator's retail scope (scope.ts, assertOwnedWritable).
 * The module's beforeWrite and afterWrite run inside, and no masked value is ever stored. Each
 * written row gets its audit event in the same transaction (core/history.ts): add, update (only
 * the fields that changed; nothing when none did), delete, and import's rows with the action given.
 */
export function createWritePath(c: CrudContext): WritePath {
  const { entity, kind, options } = c;
  const { db, history } = c.app;
  const { ownership } = entity;
  const checks = createWriteChecks(c);

  /**
   * The stored rows of these ids, all within the session's scope, or a 404. A row outside the scope
   * (another tenant's, another store's, another clerk's) answers exactly as an id nobody has, so
   * that no answer tells which ids exist. What the operator sees but may not change stays a
   * refusal with its reason (assertOwnedWritable, a module's beforeWrite).
   */
  async function touchable(trx: Db, ids: readonly number[], session: Session): Promise<Row[]> {
    const unique = [...new Set(ids)];
    const stored = asLoose(trx).selectFrom(entity.table).selectAll().where('id', 'in', unique);
    const rows = await (entity.tenant ? whereTenant(stored, session) : stored).execute();
    if (rows.length !== unique.length) throw notFound();
    if (options.scope || ownership) {
      const visible = await c
        .scoped(baseQuery(asLoose(trx), entity), session)
        .select(`${MAIN}.id`)
        .where(`${MAIN}.id`, 'in', unique)
        .execute();
      if (visible.length !== unique.length) throw notFound();
    }
    return rows;
  }

  /** A new owned row without an owner belongs to the operator, in the operator's department. */
  function withDefaultOwner(data: Row, session: Session): Row {
    if (!ownership || (data[ownership.owner] !== undefined && data[ownership.owner] !== null)) return data;
    const store = data[ownership.store];
    return {
      ...data,
      [ownership.owner]: session.userId,
      [ownership.store]: store === undefined || store === null ? session.departmentId : store,
    };
  }

  const addContext = (trx: LooseTrx, session: Session): WriteContext => ({
    session,
    trx,
    mode: 'add',
    existing: undefined,
  });

  const storedRow = (data: Row, now: string): Row => ({
    ...toStored(kind, entity.columns, data),
    createTime: now,
    updateTime: now,
  });

  /** A new row's values as add stores them: creator, owner, beforeWrite, tenant, then the scope check. */
  async function prepareInsert(trx: LooseTrx, input: Row, session: Session): Promise<Row> {
    let data: Row = { ...input };
    if (options.setCreator && 'userId' in entity.columns) data.userId = session.userId;
    if (ownership) data = withDefaultOwner(data, session);
    if (options.beforeWrite) data = await options.beforeWrite(data, input, addContext(trx, session));
    // The recorder is whoever adds the row (an import's rows: who imports them), whatever a body or a hook said.
    if (ownership?.creator) data[ownership.creator] = session.userId;
    // After beforeWrite: a module may put the stored value in place of a mask (an activity takes its customer's phone).
    assertNoMaskLeft(entity.columns, data);
    if (entity.tenant) data = withTenant(data, session);
    assertOwnedWritable(ownership, session, data);
    return data;
  }

  async function insertOne(trx: LooseTrx, input: Row, session: Session): Promise<number> {
    const data = await prepareInsert(trx, input, session);
    await checks.assertDictValues(trx, data);
    await checks.assertUnique(trx, data);
    const stored = storedRow(data, formatTime());
    const id = await insertReturningId(asLoose(trx), kind, entity.table, stored);
    if (options.afterWrite) await options.afterWrite(id, input, addContext(trx, session));
    await history.record(trx, session, entity, [
      { recordId: id, row: stored, action: 'add', changes: addedOf(entity, { ...stored, ...besideOf(input) }) },
    ]);
    return id;
  }

  /**
   * add's write path for many rows at once (an import's): each row is prepared and checked as
   * insertOne does, but the dictionaries are read once, the unique columns are looked up for all
   * rows in slices (a value taken by an earlier row of the batch counts as taken), and the rows
   * that pass go in as multi-row inserts. On PostgreSQL each query is a round trip, and row by row
   * an import of 10,000 rows made 30,000 of them. A row that breaks a rule gets its AppError in
   * its place and the others go on; anything else is thrown.
   * add keeps insertOne, row by row: here every row's beforeWrite runs before any row is written,
   * so a module whose beforeWrite reads what the call's earlier rows wrote must keep its own memo
   * in the transaction (the customer codes do, customer-info.service.ts codeFor) to be imported.
   */
  async function insertMany(
    trx: LooseTrx,
    inputs: readonly Row[],
    session: Session,
    action: AuditAction = 'add',
  ): Promise<Array<number | AppError>> {
    const results: Array<number | AppError> = new Array(inputs.length);
    const ready: Array<{ index: number; data: Row }> = [];
    const dicts =
      checks.dictColumns.length > 0
        ? await readDictionaries(
            asLoose(trx),
            checks.dictColumns.map(([, column]) => column),
            DEFAULT_LOCALE,
          )
        : undefined;
    for (const [index, input] of inputs.entries()) {
      try {
        const data = await prepareInsert(trx, input, session);
        if (dicts) checks.checkDictValues(dicts, data);
        ready.push({ index, data });
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        results[index] = error;
      }
    }
    const passing = await withoutTakenValues(trx, ready, results);
    const now = formatTime();
    const stored = passing.map(({ data }) => storedRow(data, now));
    const ids = await insertManyReturningIds(asLoose(trx), kind, entity.table, stored);
    for (const [k, { index }] of passing.entries()) {
      const id = ids[k] as number;
      results[index] = id;
      if (options.afterWrite) await options.afterWrite(id, inputs[index] as Row, addContext(trx, session));
    }
    await history.record(
      trx,
      session,
      entity,
      stored.map((row, k) => ({ recordId: ids[k] as number, row, action, changes: addedOf(entity, row) })),
    );
    return results;
  }

  /**
   * The ready rows whose unique values no stored row and no earlier row of the batch holds, looked
   * up in slices of 500; each other row gets its 409 in `results`.
   */
  async function withoutTakenValues(
    trx: LooseTrx,
    ready: Array<{ index: number; data: Row }>,
    results: Array<number | AppError>,
  ): Promise<Array<{ index: number; data: Row }>> {
    let passing = ready;
    for (const name of checks.uniqueColumns) {
      const values = [...new Set(passing.map((r) => r.data[name]).filter((v) => v !== undefined && v !== null))];
      const taken = new Set<string>();
      for (let i = 0; i < values.length; i += 500) {
        const found = await asLoose(trx)
          .selectFrom(entity.table)
          .select(name)
          .where(name, 'in', values.slice(i, i + 500))
          .execute();
        for (const row of found as Row[]) taken.add(checks.uniqueKey(row[name]));
      }
      passing = passing.filter(({ index, data }) => {
        const value = data[name];
        if (value === undefined || value === null) return true;
        if (!taken.has(checks.uniqueKey(value))) {
          taken.add(checks.uniqueKey(value));
          return true;
        }
        const label = entity.columns[name]?.label ?? name;
        results[index] = conflict('common.duplicateValue', { field: label, value: String(value) });
        return false;
      });
    }
    return passing;
  }

  async function updateOne(
    trx: LooseTrx,
    input: Row & { id: number },
    session: Session,
    action: AuditAction = 'update',
  ): Promise<void> {
    const [existing] = await touchable(trx, [input.id], session);
    const writeCtx: WriteContext = { session, trx, mode: 'update', existing };
    let data: Row = existing ? dropUnchangedMasks(entity.columns, input, existing) : { ...input };
    delete data.id;
    if (options.beforeWrite) data = await options.beforeWrite(data, input, writeCtx);
    assertNoMaskLeft(entity.columns, data);
    // A row stays in its tenant, and keeps its recorder.
    if (entity.tenant) delete data[TENANT_COLUMN];
    if (ownership?.creator) delete data[ownership.creator];
    // An update may not move a row out of the operator's scope.
    if (ownership) assertOwnedWritable(ownership, session, { ...existing, ...definedOf(data) });
    await checks.assertDictValues(trx, data);
    await checks.assertUnique(trx, data, input.id);
    const values = toStored(kind, entity.columns, data);
    const changes = changesOf(entity, existing ?? {}, values, besideOf(input));
    // An update that changed nothing is no event.
    const events = changes.length > 0 ? [{ recordId: input.id, row: { ...existing, ...values }, action, changes }] : [];
    // PostgreSQL: the event goes in with the update, in a WITH of its statement (core/history.ts, inlineRows).
    const inline = await history.inlineRows(trx, session, entity, events);
    const loose = asLoose(trx);
    await (inline ? loose.with('audit_event', (q) => q.insertInto('base_sys_audit').values(inline)) : loose)
      .updateTable(entity.table)
      .set({ ...values, updateTime: formatTime() })
      .where('id', '=', input.id)
      .execute();
    if (options.afterWrite) await options.afterWrite(input.id, input, writeCtx);
    if (!inline) await history.record(trx, session, entity, events);
  }

  return {
    touchable,
    insertManyIn: insertMany,
    updateIn: updateOne,

    async add(input, session) {
      const many = Array.isArray(input);
      const rows = many ? input : [input];
      const ids = await db.db
        .transaction()
        .execute(async (trx) => {
          const out: number[] = [];
          for (const one of rows) out.push(await insertOne(trx, one, session));
          return out;
        })
        .catch((error: unknown) => checks.lostUniqueRace(error, rows));
      c.afterChange();
      return many ? { ids } : { id: ids[0] as number };
    },

    async update(input, session) {
      await db.db
        .transaction()
        .execute((trx) => updateOne(trx, input, session))
        .catch((error: unknown) => checks.lostUniqueRace(error, [input], input.id));
      c.afterChange();
    },

    async delete(ids, session, origin) {
      await db.db.transaction().execute(async (trx) => {
        const rows = await touchable(trx, ids, session);
        const beside = (options.beforeDelete ? await options.beforeDelete(rows, session, trx) : undefined) ?? [];
        await asLoose(trx)
          .deleteFrom(entity.table)
          .where('id', 'in', [...new Set(ids)])
          .execute();
        await history.record(
          trx,
          session,
          entity,
          rows.map((row) => ({ recordId: Number(row.id), row, action: 'delete' })),
        );
        // What the delete takes along (a menu's or a dictionary item's children, a type's items, a
        // category's files) is deleted too: one event per row, in the history of its own entity.
        for (const set of beside) {
          const along = history.entityOfTable(set.table);
          if (along && set.rows.length > 0)
            await history.record(
              trx,
              session,
              along,
              set.rows.map((row) => ({ recordId: Number(row.id), row, action: 'delete' })),
            );
        }
        await c.app.recycle.capture(trx, {
          entity: { module: entity.module, entityName: entity.entityName, table: entity.table },
          sets: [{ table: entity.table, rows }, ...beside],
          origin,
        });
      });
      c.afterChange();
    },
  };
}
