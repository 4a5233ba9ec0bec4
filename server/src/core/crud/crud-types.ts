import type { AuditAction, Entity, Locale, PageResult, StandardAction } from '@backroom/contract';
import type { Session } from '../auth/principal.js';
import type { Db } from '../db/index.js';
import type { AppError } from '../errors.js';
import type { DeletedRows, DeletionOrigin } from '../recycle.js';
import type { Revealer } from './masking.js';
import type { AnySelect, ListInput } from './query.js';

/*
 * What a module declares to the CRUD factory (CrudOptions) and what the factory gives back
 * (CrudService). The parts that build the service (crud-context.ts, read-path.ts, write-path.ts,
 * excel.ts, …) import these types from here, never from factory.ts, so core/crud has no circle.
 */

export type Row = Record<string, unknown>;
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
  /** Record the creator in the entity's userId column on add. */
  setCreator?: boolean;
  /** The entity decides who may do what (users, roles, menus, departments): drop cached principals after writes. */
  invalidatesAuth?: boolean;
  /** Standard actions the module mounts itself. */
  custom?: readonly StandardAction[];
  /** What an import check tells of the rows it would write without refusing them (see ImportWarningRow). */
  importWarnings?: ImportWarnings;
};

/** A row an import check would write: its sheet row, the values it writes, and the id of the row it updates. */
export type ImportWarningRow = { row: number; values: Row; id?: number };
/** A warning of one row's column (the column's name), in the request's language. */
export type ImportWarning = { row: number; column: string; message: string };
export type ImportWarnings = (
  rows: readonly ImportWarningRow[],
  session: Session,
  locale: Locale,
) => Promise<ImportWarning[]>;

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
   * as they are); 404 when one is missing or hidden by the scope, alike, so ids cannot be probed.
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
  /** A stored row in its wire form: values converted, hidden columns dropped, sensitive ones masked (for this reader: crud-context.ts). */
  mapRow(row: Row, session?: Session): Row;
  /** Masks a row's sensitive columns in place (for rows read without mapRow, joined or built by hand). */
  maskRow(row: Row): Row;
  /** The rows this reader may reveal: all she sees (the reveal permission), her own, or none (masking.ts, Revealer). */
  revealerFor(session: Session): Revealer;
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
  insertManyIn(
    trx: LooseTrx,
    inputs: readonly Row[],
    session: Session,
    action?: AuditAction,
  ): Promise<Array<number | AppError>>;
  /**
   * update's write path for one row (scope, beforeWrite, unique checks, afterWrite) inside the
   * caller's transaction; its audit event names `action` (update unless told: import, handOver).
   */
  updateIn(trx: LooseTrx, input: Row & { id: number }, session: Session, action?: AuditAction): Promise<void>;
  /** Forget cached totals and principals after writes made through insertManyIn/updateIn. */
  changed(): void;
  /** The module's warnings about rows an import check would write (CrudOptions.importWarnings; none without). */
  importWarnings: ImportWarnings;
  /**
   * Told after an import's commit of the rows it updated, as they were before (a module tells
   * their owners, say); optional, and a failure here never undoes the import.
   */
  imported?(previous: readonly Row[], session: Session): Promise<void>;
};
