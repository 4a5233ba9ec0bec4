import type { AuditAction, Entity, StoredChange } from '@backroom/contract';
import { CompiledQuery } from 'kysely';
import type { Session } from './auth/principal.js';
import { asLoose, type Db, type DbHandle, formatTime } from './db/index.js';
import { changesOf, recordNameOf } from './history-diff.js';

export { addedOf, changesOf, cutValue, isSecret, recordNameOf } from './history-diff.js';

import { currentRequest } from './http/request-context.js';

type Row = Record<string, unknown>;

/** One event of one record, as a write site hands it over. */
export type AuditEntry = {
  recordId: number;
  /** The record's name as shown; derived from `row` when absent. */
  recordName?: string | null;
  /** The record as it is after the change (or before a delete), to name it. */
  row?: Row;
  action: AuditAction;
  changes?: readonly StoredChange[] | null;
};

/** Who did it: a staff session, or null for the server's own work (a task, a move-in run by the CLI). */
export type AuditOperator = Pick<Session, 'userId'> | null;

/**
 * The audit trail's one way in (docs/architecture.md, "History"). `record` writes the events
 * inside the caller's transaction, so an event exists exactly when its change does: a refused or
 * rolled-back write leaves none. The request's id and the client's address come from the request
 * under way (core/http/request-context.ts), the operator's name from the staff table, read at most
 * once a minute per user and forgotten when the user is written. The INSERT's SQL is compiled once
 * per number of rows and run again with new parameters (building and compiling it through Kysely
 * cost about as much CPU as SQLite spends inserting the row; docs/benchmarks/history.md).
 *
 * On SQLite the events go first into `base_sys_audit_inbox` (no index, a plain rowid), still in
 * the change's transaction, and are moved into `base_sys_audit` in one transaction at a time, in
 * commit order (`settle`): about every second after a write, once 500 are waiting, when the app
 * closes, and before every read of the audit table, so every reader reads its own writes from
 * base_sys_audit alone. An event with its 5 index leaves and its sqlite_sequence row dirtied about
 * 8 pages of the WAL per update; in the inbox 1–2, and a batch moved shares index leaves.
 * PostgreSQL and MariaDB write base_sys_audit directly: their cost is one statement in a commit
 * that waits for a WAL flush anyway (ratio 0.99), and a mover there would need a lock across the
 * instances sharing the database. docs/benchmarks/history.md, "Where the write overhead goes".
 */
export type History = {
  record(trx: Db, operator: AuditOperator, entity: Entity | string, entries: readonly AuditEntry[]): Promise<void>;
  /**
   * The events of one patch written over stored rows (a batch update, a hand-over, a status
   * change): for each row, the fields the patch changes; a row it leaves as it was gets none.
   */
  recordChanges(
    trx: Db,
    operator: AuditOperator,
    entity: Entity,
    stored: readonly Row[],
    patch: Row,
    action: AuditAction,
  ): Promise<void>;
  /**
   * Moves the events waiting in the SQLite inbox into base_sys_audit (nothing to do elsewhere):
   * what every reader of base_sys_audit calls first. Given a transaction, it moves them inside it;
   * else in a transaction of its own. Never throws: a failed move (SQLITE_BUSY) leaves the events
   * in the inbox for the next one, and is logged.
   */
  settle(db: Db): Promise<void>;
  /** Starts the timer that settles about every second after a write (unref'd; the app's onStart). */
  start(): void;
  /** Stops the timer and settles once more (the app's onClose). */
  close(): Promise<void>;
  /**
   * PostgreSQL only (else undefined): the rows `record` would write for these entries, for a write
   * that sends them in a WITH of its own statement (the CRUD update, core/crud/write-path.ts). An
   * event's own INSERT is one more round trip of the transaction, and on PostgreSQL that trip, not
   * the row or its indexes, was the event's whole cost: 0.87-0.88 of the updates' throughput on a
   * quiet machine, against 0.94 in the update's statement (docs/benchmarks/history.md).
   */
  inlineRows(
    trx: Db,
    operator: AuditOperator,
    entity: Entity,
    entries: readonly AuditEntry[],
  ): Promise<Record<string, unknown>[] | undefined>;
  /** Forget the cached names of these staff users (after their rows changed). */
  forgetOperators(ids: readonly number[]): void;
  /**
   * Files an entity whose records have a history, with what says whether a session may see one of
   * its records (the CRUD factory files each entity with its data scope's `touchable`, which
   * throws the 404 of an id nobody has for a hidden one).
   */
  register(entity: Entity, sees: RecordCheck): void;
  /** The entity filed under this key and its check, if any. */
  readerOf(key: string): { entity: Entity; sees: RecordCheck } | undefined;
  /** The filed entity stored in this table, if any (rows a delete takes along, beside the chosen ones). */
  entityOfTable(table: string): Entity | undefined;
};

/** Throws (404) unless the session may see the record; the database is the caller's. */
export type RecordCheck = (db: Db, id: number, session: Session) => Promise<void>;

/** The key an entity's events are filed under: `<module>/<path>` (`customer/info`). */
export function entityKey(entity: Entity | string): string {
  return typeof entity === 'string' ? entity : `${entity.module}/${entity.path}`;
}

const NAME_TTL_MS = 60_000;
const SLICE = 500;
/** The inbox is settled once this many events were written to it since the last move… */
const INBOX_BATCH = 500;
/** …and otherwise this often, when anything was written. */
const SETTLE_MS = 1000;
const INBOX = 'base_sys_audit_inbox';
/** An event row's columns, in the order of the compiled INSERT's parameters. */
const COLUMNS = [
  'entity',
  'recordId',
  'recordName',
  'action',
  'userId',
  'userName',
  'ip',
  'reqId',
  'changes',
  'createTime',
  'updateTime',
] as const;
type EventRow = Record<(typeof COLUMNS)[number], unknown>;

/** Where the mover says a move failed: the error's code and message only, never the events. */
type WarnLog = { warn(details: object, message: string): void };

export function createHistory(handle: Pick<DbHandle, 'db' | 'kind'>, log?: WarnLog): History {
  /** SQLite writes the inbox; PostgreSQL and MariaDB base_sys_audit itself. */
  const target = handle.kind === 'sqlite' ? INBOX : 'base_sys_audit';
  const moved = COLUMNS.map((c) => `"${c}"`).join(', ');
  /**
   * Events written to the inbox since the last move (rolled back ones too: a move finds fewer).
   * 1 at the start: what a stopped process left there is moved at the first tick.
   */
  let pending = target === INBOX ? 1 : 0;
  let timer: NodeJS.Timeout | undefined;
  let soon = false;
  /** Between close and the next start, no move of settleSoon's (the database may be closing). */
  let closed = false;
  /** The moves of this process one after another (each waits for the connection anyway). */
  let chain: Promise<void> = Promise.resolve();

  /** One move: the inbox's rows up to the highest id seen, in id order, then deleted. */
  async function move(trx: Db): Promise<void> {
    const top = await trx
      .selectFrom(INBOX)
      .select((eb) => eb.fn.max('id').as('m'))
      .executeTakeFirst();
    const last = top?.m;
    if (last === null || last === undefined) return;
    await trx.executeQuery(
      CompiledQuery.raw(
        `insert into "base_sys_audit" (${moved}) select ${moved} from "${INBOX}" where "id" <= ? order by "id"`,
        [last],
      ),
    );
    await trx.deleteFrom(INBOX).where('id', '<=', Number(last)).execute();
  }

  function failed(error: unknown) {
    const e = error as { code?: unknown; message?: unknown };
    log?.warn(
      { code: typeof e?.code === 'string' ? e.code : undefined },
      `audit events left in ${INBOX} for the next move: ${typeof e?.message === 'string' ? e.message.slice(0, 200) : 'error'}`,
    );
  }

  async function settle(db: Db): Promise<void> {
    if (target !== INBOX) return;
    if (db.isTransaction) {
      // Inside the caller's transaction (move-in's): a savepoint, so that a failed move undoes
      // itself and nothing else; the moves of the chain wait for this connection meanwhile.
      try {
        await db.executeQuery(CompiledQuery.raw('savepoint audit_settle'));
        try {
          await move(db);
          await db.executeQuery(CompiledQuery.raw('release audit_settle'));
        } catch (error) {
          await db.executeQuery(CompiledQuery.raw('rollback to audit_settle'));
          await db.executeQuery(CompiledQuery.raw('release audit_settle'));
          throw error;
        }
      } catch (error) {
        failed(error);
      }
      return;
    }
    const run = chain.then(async () => {
      pending = 0;
      try {
        await db.transaction().execute(move);
      } catch (error) {
        pending += 1;
        failed(error);
      }
    });
    chain = run;
    return run;
  }

  /** After the writer's commit: the move waits for the connection its transaction holds. */
  function settleSoon() {
    if (soon) return;
    soon = true;
    setImmediate(() => {
      soon = false;
      if (!closed) void settle(handle.db);
    });
  }

  const names = new Map<number, { name: string | null; at: number }>();
  const readers = new Map<string, { entity: Entity; sees: RecordCheck }>();
  /** The INSERT's SQL text by number of rows (one database per history: the app's). */
  const inserts = new Map<number, string>();

  /** One INSERT of these rows: compiled the first time a number of rows is written, then only run. */
  async function insertRows(trx: Db, rows: readonly EventRow[]): Promise<void> {
    let text = inserts.get(rows.length);
    if (text === undefined) {
      const compiled = asLoose(trx).insertInto(target).values(rows).compile();
      // The compiled parameters are the rows' values in COLUMNS order, row after row; kept only if so.
      const flat = rows.flatMap((row) => COLUMNS.map((name) => row[name]));
      const same =
        compiled.parameters.length === flat.length && compiled.parameters.every((value, i) => value === flat[i]);
      if (!same) {
        await trx.executeQuery(compiled);
        return;
      }
      text = compiled.sql;
      inserts.set(rows.length, text);
    }
    const parameters: unknown[] = [];
    for (const row of rows) for (const name of COLUMNS) parameters.push(row[name]);
    await trx.executeQuery(CompiledQuery.raw(text, parameters));
  }

  async function operatorName(trx: Db, userId: number): Promise<string | null> {
    const cached = names.get(userId);
    if (cached && Date.now() - cached.at < NAME_TTL_MS) return cached.name;
    const row = await trx.selectFrom('base_sys_user').select('name').where('id', '=', userId).executeTakeFirst();
    const name = row?.name ?? null;
    if (names.size > 10_000) names.clear();
    names.set(userId, { name, at: Date.now() });
    return name;
  }

  /** The stored rows of these entries: who, where, when and what, as one INSERT writes them. */
  async function rowsOf(
    trx: Db,
    operator: AuditOperator,
    entity: Entity | string,
    entries: readonly AuditEntry[],
  ): Promise<EventRow[]> {
    const request = currentRequest();
    const userId = operator?.userId ?? null;
    const userName = userId === null ? null : await operatorName(trx, userId);
    const now = formatTime();
    const key = entityKey(entity);
    const ip = request?.ip?.slice(0, 64) ?? null;
    const reqId = request?.reqId ?? null;
    // A written user's name is read again from the table the next time it is needed.
    if (key === 'base/sys/user') for (const e of entries) names.delete(e.recordId);
    return entries.map((e) => ({
      entity: key,
      recordId: e.recordId,
      recordName:
        e.recordName !== undefined
          ? (e.recordName?.slice(0, 200) ?? null)
          : typeof entity !== 'string' && e.row
            ? recordNameOf(entity, e.row, e.recordId)
            : `#${e.recordId}`,
      action: e.action,
      userId,
      userName,
      ip,
      reqId,
      changes: e.changes && e.changes.length > 0 ? JSON.stringify(e.changes) : null,
      createTime: now,
      updateTime: now,
    }));
  }

  const history: History = {
    recordChanges(trx, operator, entity, stored, patch, action) {
      const entries: AuditEntry[] = [];
      for (const row of stored) {
        const changes = changesOf(entity, row, patch);
        if (changes.length > 0) entries.push({ recordId: Number(row.id), row: { ...row, ...patch }, action, changes });
      }
      return history.record(trx, operator, entity, entries);
    },
    async record(trx, operator, entity, entries) {
      if (entries.length === 0) return;
      const rows = await rowsOf(trx, operator, entity, entries);
      for (let i = 0; i < rows.length; i += SLICE) await insertRows(trx, rows.slice(i, i + SLICE));
      if (target === INBOX) {
        pending += rows.length;
        if (pending >= INBOX_BATCH) settleSoon();
      }
    },
    async inlineRows(trx, operator, entity, entries) {
      if (handle.kind !== 'postgres' || entries.length === 0) return undefined;
      return rowsOf(trx, operator, entity, entries);
    },
    settle,
    start() {
      closed = false;
      if (target !== INBOX || timer) return;
      timer = setInterval(() => {
        if (pending > 0) void settle(handle.db);
      }, SETTLE_MS);
      timer.unref();
    },
    async close() {
      closed = true;
      if (timer) clearInterval(timer);
      timer = undefined;
      await settle(handle.db);
    },
    register(entity, sees) {
      readers.set(entityKey(entity), { entity, sees });
    },
    readerOf(key) {
      return readers.get(key);
    },
    entityOfTable(table) {
      for (const { entity } of readers.values()) if (entity.table === table) return entity;
      return undefined;
    },
    forgetOperators(ids) {
      for (const id of ids) names.delete(id);
    },
  };
  return history;
}
