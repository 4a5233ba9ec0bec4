import {
  DEFAULT_RECYCLE_KEEP_DAYS,
  type Declaration,
  type Entity,
  type Label,
  type RecycleSet,
  recycleData,
} from '@backroom/contract';
import type { Session } from '../../core/auth/principal.js';
import type { AppContext } from '../../core/context.js';
import { type CrudService, createCrud, type LooseTrx } from '../../core/crud/factory.js';
import { createMasker } from '../../core/crud/masking.js';
import { MAIN } from '../../core/crud/query.js';
import { formatTime } from '../../core/db/index.js';
import { AppError, conflict, notFound, refused } from '../../core/errors.js';
import type { Deletion, Recycler } from '../../core/recycle.js';
import { orderRows, orderTables } from './recycle.order.js';
import { relationsOf } from './recycle.relations.js';
import {
  deleteRecordsBefore,
  deleteRows,
  existingIds,
  insertRecord,
  insertRows,
  markRestored,
  readKeepParam,
  recordsByIds,
  takenValue,
  updateRow,
} from './recycle.repository.js';

type Row = Record<string, unknown>;

/**
 * Fields never shown to a client, though they are kept to restore the rows exactly: secrets
 * (password hashes, two-factor secrets, tokens, keys) and connection ids, whatever the table.
 */
const SECRET_KEY = /pass(word)?$|passwordhash|secret|token|apikey|privatekey|socketid|totp/i;

export type RecycleService = CrudService &
  Recycler & {
    /** Puts the rows of these records back, ids and joins included, all or nothing. */
    restore(ids: readonly number[], session: Session): Promise<void>;
    /** Days a record is kept (the `recycleKeep` parameter, 31 when unset or invalid). */
    getKeep(): Promise<number>;
    /** Deletes records older than the keep days; returns how many went. */
    purge(now?: Date, signal?: AbortSignal): Promise<number>;
  };

function parseJson<T>(value: unknown, fallback: T): T {
  if (typeof value !== 'string') return (value ?? fallback) as T;
  try {
    return JSON.parse(value) as T;
  } catch {
    return fallback;
  }
}

/** Same-table sets merged, main table first, empty sets dropped. */
function mergeSets(sets: readonly { table: string; rows: Row[] }[]): RecycleSet[] {
  const byTable = new Map<string, Row[]>();
  for (const set of sets) {
    if (set.rows.length === 0) continue;
    const rows = byTable.get(set.table) ?? [];
    rows.push(...set.rows);
    byTable.set(set.table, rows);
  }
  return [...byTable].map(([table, rows]) => ({ table, rows }));
}

/**
 * The rows as a client may see them: secrets and the entity's hidden columns left out (not even
 * their names), and the sensitive columns of their entity masked.
 */
function masked(sets: RecycleSet[], entities: ReadonlyMap<string, Entity>): RecycleSet[] {
  return sets.map((set) => {
    const entity = entities.get(set.table);
    const mask = entity ? createMasker(entity.columns) : (row: Row) => row;
    const shown = (key: string) => !SECRET_KEY.test(key) && !entity?.columns[key]?.hidden;
    return {
      table: set.table,
      rows: set.rows.map((row) => mask(Object.fromEntries(Object.entries(row).filter(([key]) => shown(key))))),
    };
  });
}

export function createRecycleService(ctx: AppContext, declarations: readonly Declaration[]): RecycleService {
  const entities = new Map<string, Entity>();
  for (const d of declarations) if (d.kind === 'entity') entities.set(d.table, d);
  const labelOf = (table: string): Label | string => entities.get(table)?.label ?? relationsOf(table)?.label ?? table;

  const crud = createCrud(ctx, recycleData, {
    join: (qb) => qb.leftJoin('base_sys_user as u', 'u.id', `${MAIN}.userId`).select('u.name as userName'),
    keywordRefs: ['u.name'],
    joinedOrder: { userName: 'u.name' },
    // A superuser sees every record; anyone else the records of their own deletions, so restoring
    // never brings back rows the operator could not have deleted.
    scope: (qb, session) => (session.isSuper ? qb : qb.where(`${MAIN}.userId`, '=', session.userId)),
    afterRead(rows) {
      for (const row of rows) {
        const table = String((row.entityInfo as { table?: unknown } | null)?.table ?? '');
        if (Array.isArray(row.data)) row.data = masked([{ table, rows: row.data as Row[] }], entities)[0]?.rows ?? [];
        if (Array.isArray(row.related)) row.related = masked(row.related as RecycleSet[], entities);
      }
      return rows;
    },
  });

  async function capture(trx: LooseTrx, deletion: Deletion) {
    const sets = mergeSets(deletion.sets);
    // Only the entity's own rows are undone by an import record.
    const added = (deletion.added ?? []).filter((a) => a.table === deletion.entity.table).flatMap((a) => a.ids);
    if (sets.length === 0 && added.length === 0) return;
    const main = sets.find((s) => s.table === deletion.entity.table);
    const related = sets.filter((s) => s !== main);
    const now = formatTime();
    await insertRecord(trx, {
      entityInfo: JSON.stringify({
        dataSourceName: 'default',
        entity: deletion.entity.entityName,
        module: deletion.entity.module,
        table: deletion.entity.table,
        ...(deletion.added ? { added } : {}),
      }),
      userId: deletion.origin.userId,
      data: JSON.stringify(main?.rows ?? []),
      related: JSON.stringify(related),
      // As the family and the request log show it: the endpoint's path without the /api mount.
      url: deletion.origin.url.replace(/^\/api(?=\/)/, '').slice(0, 255),
      params: deletion.origin.params === undefined ? null : JSON.stringify(deletion.origin.params),
      count: (main?.rows.length ?? 0) + added.length,
      createTime: now,
      updateTime: now,
    });
  }

  /** Refuses join-less rows whose parent is gone and drops join rows that would link to nothing. */
  async function withLiveReferences(trx: LooseTrx, byTable: Map<string, Row[]>) {
    const restoring = new Map([...byTable].map(([table, rows]) => [table, new Set(rows.map((r) => Number(r.id)))]));
    const known = new Map<string, Set<number>>();
    const exists = async (table: string, id: number) => {
      if (restoring.get(table)?.has(id)) return true;
      let found = known.get(table);
      if (!found) {
        const wanted: number[] = [];
        for (const [t, rows] of byTable)
          for (const ref of relationsOf(t)?.references ?? [])
            if (ref.table === table)
              for (const row of rows)
                if (row[ref.column] !== null && row[ref.column] !== undefined) wanted.push(Number(row[ref.column]));
        found = await existingIds(trx, table, wanted);
        known.set(table, found);
      }
      return found.has(id);
    };
    for (const [table, rows] of byTable) {
      const relations = relationsOf(table);
      if (!relations) continue;
      const kept: Row[] = [];
      for (const row of rows) {
        let live = true;
        for (const ref of relations.references) {
          const value = row[ref.column];
          if (value === null || value === undefined || (await exists(ref.table, Number(value)))) continue;
          if (!relations.link) {
            throw refused('recycle.missingReference', {
              entity: labelOf(table),
              id: Number(row.id),
              target: labelOf(ref.table),
              ref: Number(value),
            });
          }
          live = false;
        }
        if (live) kept.push(row);
      }
      byTable.set(table, kept);
    }
  }

  async function assertNoConflict(trx: LooseTrx, byTable: Map<string, Row[]>) {
    for (const [table, rows] of byTable) {
      const ids = rows.map((r) => Number(r.id));
      const duplicate = ids.find((id, i) => ids.indexOf(id) !== i);
      const taken = duplicate ?? [...(await existingIds(trx, table, ids))][0];
      if (taken !== undefined) throw conflict('recycle.idConflict', { entity: labelOf(table), id: taken });
      const entity = entities.get(table);
      if (!entity) continue;
      for (const [name, column] of Object.entries(entity.columns)) {
        if (!column.unique) continue;
        const values = rows.map((r) => r[name]).filter((v) => v !== null && v !== undefined);
        const twice = values.find((v, i) => values.indexOf(v) !== i);
        const value = twice ?? (values.length > 0 ? await takenValue(trx, table, name, values) : undefined);
        if (value !== undefined) {
          throw conflict('recycle.valueConflict', { entity: entity.label, field: column.label, value: String(value) });
        }
      }
    }
  }

  /**
   * Undoes a recorded batch (an import): deletes the rows it added that are still there and writes
   * the earlier values back over the rows it changed (putting back any deleted since).
   */
  async function undoBatch(trx: LooseTrx, session: Session, table: string, added: number[], previous: Row[]) {
    const entity = entities.get(table);
    if (!entity) throw new Error(`recycle: no entity has table ${table}`);
    for (let i = 0; i < added.length; i += 500) {
      await deleteRows(trx, table, added.slice(i, i + 500));
    }
    const present = await existingIds(
      trx,
      table,
      previous.map((r) => Number(r.id)),
    );
    const gone = previous.filter((r) => !present.has(Number(r.id)));
    for (const row of previous) {
      if (!present.has(Number(row.id))) continue;
      const { id, ...values } = row;
      await updateRow(trx, table, Number(id), values);
    }
    if (gone.length > 0) await insertRows(trx, table, gone);
    await ctx.history.record(trx, session, entity, [
      ...added.map((id) => ({ recordId: id, action: 'delete' as const })),
      ...previous.map((row) => ({ recordId: Number(row.id), row, action: 'restore' as const })),
    ]);
  }

  return {
    ...crud,
    capture,
    async restore(ids, session) {
      const unique = [...new Set(ids)];
      await ctx.db.db.transaction().execute(async (trx) => {
        // touchable: 404 for a missing record and for another operator's record alike.
        await crud.touchable(trx, unique, session);
        const records = await recordsByIds(trx, unique);
        if (records.length !== unique.length) throw notFound();
        const byTable = new Map<string, Row[]>();
        for (const record of records) {
          if (record.restoreTime) {
            throw conflict('recycle.alreadyRestored', { id: Number(record.id), time: String(record.restoreTime) });
          }
          const info = parseJson<{ table?: string; added?: number[] }>(record.entityInfo, {});
          if (Array.isArray(info.added)) {
            // An import batch: undone in place, not put back as deleted rows.
            await undoBatch(trx, session, String(info.table ?? ''), info.added, parseJson<Row[]>(record.data, []));
            continue;
          }
          const sets: RecycleSet[] = [
            { table: String(info.table ?? ''), rows: parseJson<Row[]>(record.data, []) },
            ...parseJson<RecycleSet[]>(record.related, []),
          ];
          for (const set of sets) {
            if (set.rows.length === 0) continue;
            const rows = byTable.get(set.table) ?? [];
            rows.push(...set.rows);
            byTable.set(set.table, rows);
          }
        }
        await withLiveReferences(trx, byTable);
        await assertNoConflict(trx, byTable);
        for (const table of orderTables([...byTable.keys()])) {
          const rows = orderRows(table, byTable.get(table) ?? []);
          try {
            await insertRows(trx, table, rows);
            const restored = entities.get(table);
            if (restored)
              await ctx.history.record(
                trx,
                session,
                restored,
                rows.map((row) => ({ recordId: Number(row.id), row, action: 'restore' as const })),
              );
          } catch (error) {
            if (error instanceof AppError) throw error;
            ctx.log.warn({ err: error, table }, 'recycle restore: the database refused the rows');
            throw conflict('recycle.rejected', { entity: labelOf(table) });
          }
        }
        await markRestored(trx, unique, formatTime());
      });
      // Restored users, roles and menus change who may do what.
      ctx.gate.invalidate();
    },
    async getKeep() {
      const value = Number((await readKeepParam(ctx.db.db))?.trim());
      return Number.isInteger(value) && value > 0 ? value : DEFAULT_RECYCLE_KEEP_DAYS;
    },
    async purge(now = new Date(), signal?: AbortSignal) {
      const days = await this.getKeep();
      const before = formatTime(new Date(now.getTime() - days * 86_400_000));
      const removed = await deleteRecordsBefore(ctx.db.db, before, signal);
      crud.resetCounts();
      return removed;
    },
  };
}
