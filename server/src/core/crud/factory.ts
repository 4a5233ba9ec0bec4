import {
  type Entity,
  type Label,
  ownValue,
  type PageResult,
  type StandardAction,
  TENANT_COLUMN,
} from '@backroom/contract';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { holds, type Session } from '../auth/principal.js';
import type { AppContext } from '../context.js';
import { asLoose, type Db, formatTime, insertManyReturningIds, insertReturningId } from '../db/index.js';
import { isUniqueViolation } from '../db/unique.js';
import { AppError, badRequest, conflict, notFound, refused } from '../errors.js';
import { endpointOf, mount, originOf, type RouteContext } from '../http/server.js';
import type { MessageKey } from '../i18n.js';
import { InFlight } from '../in-flight.js';
import type { DeletedRows, DeletionOrigin } from '../recycle.js';
import { mountExcel } from './excel.js';
import { type Dictionaries, readDictionaries } from './excel-cells.js';
import {
  assertNoMaskLeft,
  createMasker,
  dropUnchangedMasks,
  type MaskedColumns,
  maskedColumnsOf,
  NOTHING_MASKED,
} from './masking.js';
import {
  type AnySelect,
  applyFilters,
  applyOrder,
  baseQuery,
  CompiledQueries,
  createRowMapper,
  keywordOf,
  keywordsOf,
  type ListInput,
  MAIN,
  masksKeyword,
  selectColumns,
  textIndexCount,
  textIndexDecides,
  textIndexEstimate,
  textIndexOrderedRows,
  toStored,
} from './query.js';
import { applyOwnershipScope, assertOwnedWritable } from './scope.js';
import { whereTenant, withTenant } from './tenant.js';

type Row = Record<string, unknown>;
/** A transaction, typed for module repositories; the factory reads it through asLoose. */
export type LooseTrx = Db;

export type WriteContext = { session: Session; trx: LooseTrx; mode: 'add' | 'update'; existing: Row | undefined };

/**
 * What a module adds to the standard behaviour of one entity. Everything is optional: an entity
 * with no options gets the six standard routes exactly as its declaration says.
 */
export type CrudOptions = {
  /** Joins and joined fields for page, list and info (the page view "adds the user's name"). */
  join?: (qb: AnySelect) => AnySelect;
  /** Joined fields a client may order by: field name to qualified column. */
  joinedOrder?: Readonly<Record<string, string>>;
  /** Keyword search over joined columns as well (`u.name`). */
  keywordRefs?: readonly string[];
  /**
   * The data scope: which rows this session may see and touch. Applies to every path, after the
   * retail scope of an owned entity (its declaration's `ownership`, core/crud/scope.ts). It must
   * read nothing but the session: page, list and count SQL is compiled once per principal and
   * filters (see CompiledQueries).
   */
  scope?: (qb: AnySelect, session: Session) => AnySelect;
  /** Filters that are not columns (the user page's departmentIds); like `scope`, a function of its input alone. */
  filter?: (qb: AnySelect, input: ListInput) => AnySelect;
  /** Reuse a page's total for this long: counting a million log rows per request is the slow part. */
  countCacheMs?: number;
  afterRead?: (rows: Row[], session: Session, mode: 'page' | 'list' | 'info') => Promise<Row[]> | Row[];
  /** Checks and transforms the column values before they are stored (hash a password, check a parent). */
  beforeWrite?: (data: Row, input: Row, ctx: WriteContext) => Promise<Row> | Row;
  /** Writes what lives beside the row (join tables) in the same transaction. */
  afterWrite?: (id: number, input: Row, ctx: WriteContext) => Promise<void> | void;
  /**
   * Checks and cleans up before rows go; throw to refuse. Returns the rows it removed beside them
   * (join rows, children) exactly as stored, so the recycle bin can restore them too.
   */
  beforeDelete?: (
    rows: Row[],
    session: Session,
    trx: LooseTrx,
  ) => Promise<DeletedRows[] | undefined> | DeletedRows[] | undefined;
  /** Message for a row the scope hides from update/delete (an owned entity's default: scope.notYours). */
  scopeMessage?: MessageKey;
  /** Record the creator in the entity's userId column on add. */
  setCreator?: boolean;
  /** The entity decides who may do what (users, roles, menus, departments): drop cached principals after writes. */
  invalidatesAuth?: boolean;
  /** Standard actions the module mounts itself. */
  custom?: readonly StandardAction[];
};

export type CrudService = {
  readonly entity: Entity;
  page(input: ListInput & { page: number; size: number }, session: Session): Promise<PageResult<Row>>;
  /**
   * The rows the filters select, as page answers them. `allTenants` switches a tenant entity's
   * filter off (the tenant demo's noUse): a superuser's only, refused (400, 1001) to anyone else.
   */
  list(input: ListInput, session: Session, options?: { allTenants?: boolean }): Promise<Row[]>;
  /** How many rows the page and list filters give under the session's scope (what page's total says). */
  count(input: ListInput, session: Session): Promise<number>;
  info(id: number, session: Session): Promise<Row>;
  add(input: Row | Row[], session: Session): Promise<{ id: number } | { ids: number[] }>;
  update(input: Row & { id: number }, session: Session): Promise<void>;
  /** Deletes and records the rows in the recycle bin, in one transaction. */
  delete(ids: readonly number[], session: Session, origin: DeletionOrigin): Promise<void>;
  /**
   * Rows by id within the session's scope, as stored (sensitive values in clear: never answer them
   * as they are); 404 when one is missing, a refusal (400, 1001) when the scope hides one.
   */
  touchable(trx: Db, ids: readonly number[], session: Session): Promise<Row[]>;
  /**
   * The entity's rows this session may see: `select from <table> as a` (MAIN) with the data scope
   * applied and nothing selected yet; add columns, filters and windows for batches, exports and
   * counts. Run it on `trx` inside a transaction.
   */
  scopedQuery(session: Session, trx?: Db): AnySelect;
  /**
   * Refuses (400, 1001) a row whose owner or store lies outside the session's retail scope; pass
   * it as it will be stored (an update merged over the existing row). Nothing to check without ownership.
   */
  assertWritable(row: Row, session: Session): void;
  /** A stored row in its wire form: values converted, hidden columns dropped, sensitive ones masked. */
  mapRow(row: Row): Row;
  /** Masks a row's sensitive columns in place (for rows read without mapRow, joined or built by hand). */
  maskRow(row: Row): Row;
  /** Forget cached page totals (after a change the factory did not make itself). */
  resetCounts(): void;
  /**
   * The rows the filters select within the session's scope, as page answers them (mapped, masked),
   * a batch at a time by id (newest first), never all at once: what an export reads.
   */
  scan(input: ListInput, session: Session, batchSize: number): AsyncGenerator<Row[]>;
  /** Rows as a session reads them (mapped, afterRead), e.g. to compare a file with what the operator saw. */
  read(rows: Row[], session: Session): Promise<Row[]>;
  /**
   * add's write path (beforeWrite, unique checks, afterWrite) for many rows inside the caller's
   * transaction, checked one by one and written in multi-row inserts: each row's id, or the
   * AppError that refused it (the others go on).
   */
  insertManyIn(trx: LooseTrx, inputs: readonly Row[], session: Session): Promise<Array<number | AppError>>;
  /** update's write path for one row (scope, beforeWrite, unique checks, afterWrite) inside the caller's transaction. */
  updateIn(trx: LooseTrx, input: Row & { id: number }, session: Session): Promise<void>;
  /** Forget cached totals and principals after writes made through insertManyIn/updateIn. */
  changed(): void;
};

/**
 * A keyword the text index names in at least this many rows is common: its page is sought first by
 * walking the newest rows (factory `page`). Below it a walk rarely fills a page, and the index's
 * list costs no more than a walk would read (a list of n rows costs about n row reads).
 */
const COMMON_KEYWORD = 2_000;
/**
 * How many of the newest rows a walk reads at most, per row up to the page's end (a first page of
 * 20: 2,000, which hold a page of a keyword in 1 row of 100 or more). Finding where the window
 * ends costs a walk of its ids: 20,000 of them took PostgreSQL 3.5–5 ms and SQLite 0.5 ms, 1,000
 * took 0.3 and 0.03 ms.
 */
const WALK_ROWS_PER_ROW = 100;
const WALK_ROWS_MAX = 20_000;
/** How long a keyword's estimate is kept: it only picks a plan, never what the page answers. */
const ESTIMATE_MS = 60_000;

/** The values an update writes: an undefined one leaves the stored value as it is (toStored skips it). */
function definedOf(data: Row): Row {
  return Object.fromEntries(Object.entries(data).filter(([, value]) => value !== undefined));
}

export function createCrud(ctx: AppContext, entity: Entity, options: CrudOptions = {}): CrudService {
  const { db } = ctx;
  const kind = db.kind;
  const toWire = createRowMapper(entity.columns);
  const maskRow = createMasker(entity.columns);
  const mapRow = (row: Row): Row => maskRow(toWire(row));
  const { ownership } = entity;
  const scopeMessage = options.scopeMessage ?? (ownership ? 'scope.notYours' : 'auth.forbidden');
  const extraOrder = new Set(Object.values(options.joinedOrder ?? {}));
  const joinedOrderNames = options.joinedOrder ?? {};
  const countCache = new Map<string, { at: number; total: number }>();
  const counting = new InFlight<string, number>();
  const estimates = new Map<string, { at: number; common: boolean }>();
  const compiled = new CompiledQueries();
  const uniqueColumns = Object.entries(entity.columns)
    .filter(([, c]) => c.unique)
    .map(([name]) => name);

  /** The sensitive columns; the entity's reveal permission (if it has one) lets a reader search them as any other. */
  const sensitive = maskedColumnsOf(entity.columns);
  const revealPerm = (entity.perms as Readonly<Record<string, string | undefined>>).reveal;
  /** The columns this reader matches only as whole values and may not sort by (masking.ts, MaskedColumns). */
  const maskedFor = (session: Session): MaskedColumns =>
    sensitive.size === 0 || (revealPerm !== undefined && holds(session, revealPerm)) ? NOTHING_MASKED : sensitive;

  const scoped = (qb: AnySelect, session: Session, allTenants = false) => {
    const tenanted = entity.tenant && !allTenants ? whereTenant(qb, session, `${MAIN}.${TENANT_COLUMN}`) : qb;
    const owned = ownership ? applyOwnershipScope(tenanted, ownership, session) : tenanted;
    return options.scope ? options.scope(owned, session) : owned;
  };
  const filtered = (qb: AnySelect, input: ListInput, session: Session, keywordBy?: 'likes' | 'index') => {
    const masked = maskedFor(session);
    const q = applyFilters(qb, { entity, kind, keywordRefs: options.keywordRefs, keywordBy, masked }, input);
    return options.filter ? options.filter(q, input) : q;
  };
  /** The rows the scope and filters select, the keyword aside (nothing selected yet). */
  const unsearched = (input: ListInput, session: Session) =>
    filtered(scoped(baseQuery(db.loose, entity), session), { ...input, keyWord: undefined }, session);
  const withJoins = (qb: AnySelect) => {
    const q = qb.select(selectColumns(entity));
    return options.join ? options.join(q) : q;
  };
  const ordered = (qb: AnySelect, input: ListInput, session: Session) => {
    const order = input.order !== undefined ? (ownValue(joinedOrderNames, input.order) ?? input.order) : undefined;
    return applyOrder(qb, entity, { ...input, order }, extraOrder, maskedFor(session));
  };
  const read = async (rows: Row[], session: Session, mode: 'page' | 'list' | 'info') => {
    const mapped = rows.map(mapRow);
    return options.afterRead ? options.afterRead(mapped, session, mode) : mapped;
  };
  /** Kept totals and those under way are forgotten: the next reader counts afresh. */
  const forgetCounts = () => {
    countCache.clear();
    counting.clear();
  };
  const afterChange = () => {
    forgetCounts();
    if (options.invalidatesAuth) ctx.gate.invalidate();
  };

  /**
   * What shapes a read query besides the entity: the principal (the scope reads only the session)
   * and the filters; null when too long to be worth keeping (thousands of ids in a filter).
   */
  const shapeKey = (input: ListInput, session: Session): string | null => {
    const filters = JSON.stringify({ ...input, page: undefined, size: undefined, order: undefined, sort: undefined });
    return filters.length > 2000 ? null : `${session.principalKey}|${filters}`;
  };
  const orderKey = (input: ListInput) => `${input.order ?? ''}|${input.sort ?? ''}`;
  const rowsQuery = (input: ListInput, session: Session, allTenants = false) =>
    ordered(
      filtered(scoped(withJoins(baseQuery(db.loose, entity)), session, allTenants), input, session),
      input,
      session,
    );

  /** The rows the filters select; `shape` is shapeKey's for this input and session. */
  async function count(input: ListInput, session: Session, shape: string | null, fresh = false): Promise<number> {
    const run = async () => {
      const query = compiled.query(shape === null ? null : `count|${shape}`, () => {
        const keyWords = keywordsOf(input);
        const keyWord = keyWords[0] ?? '';
        // Where the text index answers what the LIKEs would, it counts without reading the rows
        // for them; with nothing else to check (no scope, no filter), without reading them at all.
        // Never beside a masked column: the index holds every piece of it, and a total that counted
        // a phone's prefixes would tell the digits the page hides.
        const decides =
          keyWords.length === 1 &&
          !masksKeyword(entity, maskedFor(session)) &&
          textIndexDecides(entity, kind, keyWord, options.keywordRefs);
        if (decides && unsearched(input, session).toOperationNode().where === undefined) {
          return textIndexCount(db.loose, entity, kind, keyWord);
        }
        // Joins only matter to the count when the keyword searches joined columns.
        const needsJoin = options.join !== undefined && (options.keywordRefs?.length ?? 0) > 0 && !!input.keyWord;
        let qb = baseQuery(db.loose, entity);
        if (needsJoin && options.join) qb = options.join(qb);
        // The join adds selected columns; PostgreSQL refuses them beside count(*).
        return filtered(scoped(qb, session), input, session, decides ? 'index' : undefined)
          .clearSelect()
          .select((eb) => eb.fn.countAll().as('total'));
      });
      const [row] = (await db.read(query)).rows;
      return Number((row as { total?: number | string } | undefined)?.total ?? 0);
    };
    if (!options.countCacheMs || shape === null) return run();
    const hit = fresh ? undefined : countCache.get(shape);
    if (hit && Date.now() - hit.at < options.countCacheMs) return hit.total;
    // Requests for the same count at once (a page's readers, when its kept total has just expired)
    // wait for one count instead of each running its own; a fresh one runs its own.
    const counted = () =>
      run().then((total) => {
        if (countCache.size > 1000) countCache.clear();
        countCache.set(shape, { at: Date.now(), total });
        return total;
      });
    return fresh ? counted() : counting.run(shape, counted);
  }

  async function assertUnique(trx: Db, data: Row, exceptId?: number) {
    for (const name of uniqueColumns) {
      const value = data[name];
      if (value === undefined || value === null) continue;
      let qb = asLoose(trx).selectFrom(entity.table).select('id').where(name, '=', value);
      if (exceptId !== undefined) qb = qb.where('id', '!=', exceptId);
      if (await qb.executeTakeFirst()) {
        throw conflict('common.duplicateValue', { field: entity.columns[name]?.label ?? name, value: String(value) });
      }
    }
  }

  /**
   * A write that lost a race on a unique index: another writer took the value between assertUnique's
   * look and the insert (PostgreSQL and MySQL run such writers side by side; SQLite one at a time).
   * The transaction is gone; the answer is the 409 the look would have given, naming the field when
   * the value is now there to be seen. Anything else is thrown as it is.
   */
  async function lostUniqueRace(error: unknown, inputs: readonly Row[], exceptId?: number): Promise<never> {
    if (!isUniqueViolation(error)) throw error;
    for (const input of inputs) await assertUnique(db.db, input, exceptId);
    throw conflict('common.conflict');
  }

  async function touchable(trx: Db, ids: readonly number[], session: Session): Promise<Row[]> {
    const unique = [...new Set(ids)];
    const stored = asLoose(trx).selectFrom(entity.table).selectAll().where('id', 'in', unique);
    // Another tenant's row is not there for this operator: a 404, as for an id nobody has.
    const rows = await (entity.tenant ? whereTenant(stored, session) : stored).execute();
    if (rows.length !== unique.length) throw notFound();
    if (options.scope || ownership) {
      const visible = await scoped(baseQuery(asLoose(trx), entity), session)
        .select(`${MAIN}.id`)
        .where(`${MAIN}.id`, 'in', unique)
        .execute();
      if (visible.length !== unique.length) throw refused(scopeMessage);
    }
    return rows;
  }

  const dictColumns = Object.entries(entity.columns).filter(([, c]) => c.dict !== undefined);

  /** A value of a dictionary-labelled column must be one of that dictionary's items. */
  async function assertDictValues(trx: LooseTrx, data: Row) {
    const given = dictColumns.filter(([name]) => data[name] !== undefined && data[name] !== null && data[name] !== '');
    if (given.length === 0) return;
    const dicts = await readDictionaries(
      asLoose(trx),
      given.map(([, c]) => c),
    );
    checkDictValues(dicts, data);
  }

  /** assertDictValues against dictionaries already read. */
  function checkDictValues(dicts: Dictionaries, data: Row) {
    const given = dictColumns.filter(([name]) => data[name] !== undefined && data[name] !== null && data[name] !== '');
    for (const [name, column] of given) {
      const items = dicts.get(column.dict as string);
      // A dictionary without items (not seeded, or emptied by an operator) constrains nothing.
      if (!items || items.names.size === 0) continue;
      if (!items.names.has(String(data[name]))) {
        throw badRequest('common.badDictValue', { field: column.label, value: String(data[name]) });
      }
    }
  }

  /** A new row's values as add stores them: creator, owner, beforeWrite, tenant, then the scope check. */
  async function prepareInsert(trx: LooseTrx, input: Row, session: Session): Promise<Row> {
    let data: Row = { ...input };
    if (options.setCreator && 'userId' in entity.columns) data.userId = session.userId;
    if (ownership) data = withDefaultOwner(data, session);
    if (options.beforeWrite) data = await options.beforeWrite(data, input, addContext(trx, session));
    // After beforeWrite: a module may put the stored value in place of a mask (an activity takes its customer's phone).
    assertNoMaskLeft(entity.columns, data);
    if (entity.tenant) data = withTenant(data, session);
    assertOwnedWritable(ownership, session, data);
    return data;
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

  async function insertOne(trx: LooseTrx, input: Row, session: Session): Promise<number> {
    const data = await prepareInsert(trx, input, session);
    await assertDictValues(trx, data);
    await assertUnique(trx, data);
    const id = await insertReturningId(asLoose(trx), kind, entity.table, storedRow(data, formatTime()));
    if (options.afterWrite) await options.afterWrite(id, input, addContext(trx, session));
    return id;
  }

  /** A unique value as the database compares it: MySQL's usual collations ignore case. */
  const uniqueKey = (value: unknown) => (kind === 'mysql' ? String(value).toLowerCase() : String(value));

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
  ): Promise<Array<number | AppError>> {
    const results: Array<number | AppError> = new Array(inputs.length);
    const ready: Array<{ index: number; data: Row }> = [];
    const dicts =
      dictColumns.length > 0
        ? await readDictionaries(
            asLoose(trx),
            dictColumns.map(([, c]) => c),
          )
        : undefined;
    for (const [index, input] of inputs.entries()) {
      try {
        const data = await prepareInsert(trx, input, session);
        if (dicts) checkDictValues(dicts, data);
        ready.push({ index, data });
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        results[index] = error;
      }
    }
    let passing = ready;
    for (const name of uniqueColumns) {
      const values = [...new Set(passing.map((r) => r.data[name]).filter((v) => v !== undefined && v !== null))];
      const taken = new Set<string>();
      for (let i = 0; i < values.length; i += 500) {
        const found = await asLoose(trx)
          .selectFrom(entity.table)
          .select(name)
          .where(name, 'in', values.slice(i, i + 500))
          .execute();
        for (const row of found as Row[]) taken.add(uniqueKey(row[name]));
      }
      passing = passing.filter(({ index, data }) => {
        const value = data[name];
        if (value === undefined || value === null) return true;
        if (!taken.has(uniqueKey(value))) {
          taken.add(uniqueKey(value));
          return true;
        }
        const label = entity.columns[name]?.label ?? name;
        results[index] = conflict('common.duplicateValue', { field: label, value: String(value) });
        return false;
      });
    }
    const now = formatTime();
    const ids = await insertManyReturningIds(
      asLoose(trx),
      kind,
      entity.table,
      passing.map(({ data }) => storedRow(data, now)),
    );
    for (const [k, { index }] of passing.entries()) {
      const id = ids[k] as number;
      results[index] = id;
      if (options.afterWrite) await options.afterWrite(id, inputs[index] as Row, addContext(trx, session));
    }
    return results;
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

  async function updateOne(trx: LooseTrx, input: Row & { id: number }, session: Session): Promise<void> {
    const [existing] = await touchable(trx, [input.id], session);
    const writeCtx: WriteContext = { session, trx, mode: 'update', existing };
    let data: Row = existing ? dropUnchangedMasks(entity.columns, input, existing) : { ...input };
    delete data.id;
    if (options.beforeWrite) data = await options.beforeWrite(data, input, writeCtx);
    assertNoMaskLeft(entity.columns, data);
    // A row stays in its tenant.
    if (entity.tenant) delete data[TENANT_COLUMN];
    // An update may not move a row out of the operator's scope.
    if (ownership) assertOwnedWritable(ownership, session, { ...existing, ...definedOf(data) });
    await assertDictValues(trx, data);
    await assertUnique(trx, data, input.id);
    const values = toStored(kind, entity.columns, data);
    await asLoose(trx)
      .updateTable(entity.table)
      .set({ ...values, updateTime: formatTime() })
      .where('id', '=', input.id)
      .execute();
    if (options.afterWrite) await options.afterWrite(input.id, input, writeCtx);
  }

  /** The rows the filters select, ordered by id from the newest, after `before` when given. */
  const keysetQuery = (input: ListInput, session: Session, before: number | undefined, limit: number) => {
    let qb = filtered(scoped(withJoins(baseQuery(db.loose, entity)), session), input, session);
    if (before !== undefined) qb = qb.where(`${MAIN}.id`, '<', before);
    return qb.orderBy(`${MAIN}.id`, 'desc').limit(limit);
  };

  /** A page of rows and its total, counted (or kept from a count made within countCacheMs). */
  async function fullPage(
    rows: Row[],
    input: ListInput & { page: number; size: number },
    session: Session,
    shape: string | null,
  ): Promise<PageResult<Row>> {
    const { page, size } = input;
    const shown = (page - 1) * size + rows.length;
    const total = await count(input, session, shape);
    // A cached total may lag behind new rows; it is never allowed to contradict the page itself.
    const consistent = rows.length === size ? total >= shown : total === shown;
    const finalTotal = consistent ? total : await count(input, session, shape, true);
    return { list: await read(rows, session, 'page'), pagination: { page, size, total: finalTotal } };
  }

  /**
   * Whether a page with a keyword is sought first by walking the newest rows: when it is ordered by
   * id alone (the walk's order) and the text index names the keyword in many rows. The index's list
   * of them is then long (one character, "上海" in addresses: tens of thousands of rows, each read
   * and sorted by id), while the newest rows hold a page of them within a few hundred.
   */
  async function walksFirst(input: ListInput): Promise<boolean> {
    const keyWord = keywordOf(input);
    if (keyWord === '' || !entity.query.textIndex || !byId(input)) return false;
    const hit = estimates.get(keyWord);
    if (hit && Date.now() - hit.at < ESTIMATE_MS) return hit.common;
    const estimate = textIndexEstimate(db.loose, entity, kind, keyWord, COMMON_KEYWORD);
    const [row] = estimate ? (await db.read(estimate.compile())).rows : [];
    const common = Number((row as { n?: number | string } | undefined)?.n ?? 0) >= COMMON_KEYWORD;
    if (estimates.size >= 1000) estimates.clear();
    estimates.set(keyWord, { at: Date.now(), common });
    return common;
  }

  /** Whether the rows are ordered by id alone. */
  const byId = (input: ListInput) => (input.order ?? entity.defaultOrder.column) === 'id';

  /**
   * A page's query by the text index: on PostgreSQL, ordered by id and without joined keyword
   * fields (the index knows only the entity's own), the rows are read by joining the index's list
   * of them in the page's order, so the planner stops at a full page (query.ts,
   * textIndexOrderedRows); otherwise rowsQuery, `a.id IN (…)`.
   */
  const indexPageQuery = (input: ListInput, session: Session) => {
    const keyWords = keywordsOf(input);
    const keyWord = keyWords[0] ?? '';
    const list =
      keyWords.length === 1 && byId(input) && (options.keywordRefs ?? []).length === 0
        ? textIndexOrderedRows(entity, kind, keyWord, input.sort ?? entity.defaultOrder.sort)
        : null;
    if (list === null) return rowsQuery(input, session);
    const base = db.loose.selectFrom(list).innerJoin(`${entity.table} as ${MAIN}`, `${MAIN}.id`, 'c.id');
    return ordered(filtered(scoped(withJoins(base), session), input, session, 'likes'), input, session);
  };

  /**
   * The page among the newest `window` rows of the scope and filters (in the page's order by id),
   * the keyword decided by its LIKEs alone: `a.id >= <the id window rows down>` (all the rows when
   * there are fewer), so the walk reads at most that many however rare the keyword is among them.
   */
  const walkQuery = (input: ListInput, session: Session, window: number) => {
    const sort = input.sort ?? entity.defaultOrder.sort;
    const edge = unsearched(input, session)
      .select(`${MAIN}.id`)
      .orderBy(`${MAIN}.id`, sort)
      .limit(1)
      .offset(window - 1);
    const rows = ordered(
      filtered(scoped(withJoins(baseQuery(db.loose, entity)), session), input, session, 'likes'),
      input,
      session,
    );
    return sort === 'desc'
      ? rows.where(`${MAIN}.id`, '>=', sql<number>`coalesce((${edge}), 0)`)
      : rows.where(
          `${MAIN}.id`,
          '<=',
          sql<number>`coalesce((${edge}), (select max(id) from ${sql.table(entity.table)}))`,
        );
  };

  const service: CrudService = {
    entity,
    mapRow,
    maskRow,
    touchable,
    scopedQuery: (session, trx) => scoped(baseQuery(trx ? asLoose(trx) : db.loose, entity), session),
    assertWritable: (row, session) => assertOwnedWritable(ownership, session, row),
    resetCounts: forgetCounts,
    async page(input, session) {
      const { page, size } = input;
      const offset = (page - 1) * size;
      const shape = shapeKey(input, session);
      if (await walksFirst(input)) {
        const window = Math.min(WALK_ROWS_PER_ROW * (offset + size), WALK_ROWS_MAX);
        const query = compiled.page(
          shape === null ? null : `walk|${window}|${orderKey(input)}|${shape}`,
          () => walkQuery(input, session, window),
          size,
          offset,
        );
        const { rows } = await db.read(query);
        // A full page is the page: the window is the newest rows, so the rows it holds come first.
        if (rows.length === size) return fullPage(rows, input, session, shape);
      }
      const query = compiled.page(
        shape === null ? null : `page|${orderKey(input)}|${shape}`,
        () => indexPageQuery(input, session),
        size,
        offset,
      );
      const { rows } = await db.read(query);
      const shown = offset + rows.length;
      // A page that is not full is the last one (so is an empty first page): its total is known
      // without counting, which is most of a search's cost when the keyword finds a few rows.
      if (rows.length < size && (rows.length > 0 || page === 1)) {
        return { list: await read(rows, session, 'page'), pagination: { page, size, total: shown } };
      }
      return fullPage(rows, input, session, shape);
    },
    async list(input, session, listOptions) {
      const allTenants = entity.tenant && listOptions?.allTenants === true;
      if (allTenants && !session.isSuper) throw refused('tenant.superOnly');
      const shape = shapeKey(input, session);
      const query = compiled.query(shape === null ? null : `list|${allTenants}|${orderKey(input)}|${shape}`, () =>
        rowsQuery(input, session, allTenants).limit(10_000),
      );
      const { rows } = await db.read(query);
      return read(rows, session, 'list');
    },
    count: (input, session) => count(input, session, shapeKey(input, session)),
    async info(id, session) {
      const row = await scoped(withJoins(baseQuery(db.loose, entity)), session)
        .where(`${MAIN}.id`, '=', id)
        .executeTakeFirst();
      if (!row) throw notFound();
      const [out] = await read([row], session, 'info');
      if (!out) throw notFound();
      return out;
    },
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
        .catch((error: unknown) => lostUniqueRace(error, rows));
      afterChange();
      return many ? { ids } : { id: ids[0] as number };
    },
    async update(input, session) {
      await db.db
        .transaction()
        .execute((trx) => updateOne(trx, input, session))
        .catch((error: unknown) => lostUniqueRace(error, [input], input.id));
      afterChange();
    },
    async delete(ids, session, origin) {
      await db.db.transaction().execute(async (trx) => {
        const rows = await touchable(trx, ids, session);
        const beside = (options.beforeDelete ? await options.beforeDelete(rows, session, trx) : undefined) ?? [];
        await asLoose(trx)
          .deleteFrom(entity.table)
          .where('id', 'in', [...new Set(ids)])
          .execute();
        await ctx.recycle.capture(trx, {
          entity: { module: entity.module, entityName: entity.entityName, table: entity.table },
          sets: [{ table: entity.table, rows }, ...beside],
          origin,
        });
      });
      afterChange();
    },
    async *scan(input, session, batchSize) {
      let before: number | undefined;
      for (;;) {
        const rows = await keysetQuery(input, session, before, batchSize).execute();
        if (rows.length === 0) return;
        before = Number((rows[rows.length - 1] as Row).id);
        yield await read(rows, session, 'list');
        if (rows.length < batchSize) return;
      }
    },
    read: (rows, session) => read(rows, session, 'list'),
    insertManyIn: insertMany,
    updateIn: updateOne,
    changed: afterChange,
  };
  return service;
}

/** The columns' labels, for validation messages that name a field as the screen does. */
export function fieldLabelsOf(entity: Entity): Record<string, Label> {
  return Object.fromEntries(Object.entries(entity.columns).map(([name, c]) => [name, c.label]));
}

/** Mounts the entity's standard routes (those its declaration lists and the module does not mount itself). */
export function mountCrud(
  app: FastifyInstance,
  ctx: AppContext,
  service: CrudService,
  custom: readonly StandardAction[] = [],
) {
  const { entity } = service;
  const labels = fieldLabelsOf(entity);
  const handlers: Record<
    StandardAction,
    (input: never, session: Session, route: RouteContext<unknown>) => Promise<unknown>
  > = {
    page: (input: ListInput & { page: number; size: number }, s) => service.page(input, s),
    list: (input: ListInput, s) => service.list(input, s),
    info: (input: { id: number }, s) => service.info(input.id, s),
    add: (input: Row | Row[], s) => service.add(input, s),
    update: (input: Row & { id: number }, s) => service.update(input, s),
    delete: (input: { ids: number[] }, s, route) => service.delete(input.ids, s, originOf(route)),
  };
  for (const action of entity.standard) {
    if (custom.includes(action)) continue;
    const handler = handlers[action] as (
      input: unknown,
      session: Session,
      route: RouteContext<unknown>,
    ) => Promise<unknown>;
    mount(app, ctx.gate, endpointOf(entity, action), (route) => handler(route.input, route.session, route), {
      labels,
    });
  }
  // An entity that declares `excel` gets export and import by saying so.
  if (entity.excel) mountExcel(app, ctx, service);
}

export { AppError };
