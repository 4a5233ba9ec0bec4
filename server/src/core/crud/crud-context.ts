import { type Entity, ownValue } from '@backroom/contract';
import type { Session } from '../auth/principal.js';
import type { AppContext } from '../context.js';
import type { DbKind } from '../db/index.js';
import { InFlight } from '../in-flight.js';
import { CompiledQueries } from './compiled-queries.js';
import type { CrudOptions, Row } from './crud-types.js';
import {
  createMasker,
  type MaskedColumns,
  maskedForReader,
  mayRevealRow,
  type Revealer,
  revealerOf,
} from './masking.js';
import {
  type AnySelect,
  applyFilters,
  applyOrder,
  baseQuery,
  createRowMapper,
  type ListInput,
  selectColumns,
} from './query.js';
import { applyDataScope } from './scope.js';

export type ReadMode = 'page' | 'list' | 'info';

/**
 * What every part of one entity's CRUD service shares (factory.ts assembles them): the entity and
 * the module's options, how a stored row becomes its masked wire form, the building blocks of every
 * read query (data scope, filters, joins, order), the compiled-query cache and the kept totals.
 * Built once per entity by createCrudContext; the parts read it and keep no copy of its state.
 */
export type CrudContext = {
  readonly app: AppContext;
  readonly entity: Entity;
  readonly options: CrudOptions;
  readonly kind: DbKind;
  /**
   * A stored row in its wire form: values converted, hidden columns dropped, sensitive ones masked
   * for this reader (an empty one shown as empty only to a reader who may reveal the row); without
   * a reader, as for one who may not.
   */
  mapRow(row: Row, session?: Session): Row;
  maskRow(row: Row): Row;
  /** The columns this reader matches only as whole values and may not sort by (masking.ts). */
  maskedFor(session: Session): MaskedColumns;
  /** The rows this reader may reveal (masking.ts, Revealer). */
  revealerFor(session: Session): Revealer;
  /** The data scope (scope.ts, applyDataScope) with the module's own scope. */
  scoped(qb: AnySelect, session: Session, allTenants?: boolean): AnySelect;
  /** The keyword and field filters, and the module's own filter. */
  filtered(qb: AnySelect, input: ListInput, session: Session, keywordBy?: 'likes' | 'index'): AnySelect;
  /** The rows the scope and filters select, the keyword aside (nothing selected yet). */
  unsearched(input: ListInput, session: Session): AnySelect;
  /** The entity's columns and the module's joins. */
  withJoins(qb: AnySelect): AnySelect;
  /** The page's order (a joined field by its qualified column), refusing a masked column's. */
  ordered(qb: AnySelect, input: ListInput, session: Session): AnySelect;
  /** Page's and list's query: joined, scoped, filtered and ordered. */
  rowsQuery(input: ListInput, session: Session, allTenants?: boolean): AnySelect;
  /** Rows as a reader gets them: mapped, then the module's afterRead. */
  read(rows: Row[], session: Session, mode: ReadMode): Promise<Row[]>;
  /**
   * What shapes a read query besides the entity: the principal (the scope reads only the session)
   * and the filters; null when too long to be worth keeping (thousands of ids in a filter).
   */
  shapeKey(input: ListInput, session: Session): string | null;
  orderKey(input: ListInput): string;
  readonly compiled: CompiledQueries;
  /** Totals kept for countCacheMs, and the counts under way (totals.ts). */
  readonly counts: {
    readonly kept: Map<string, { at: number; total: number }>;
    readonly running: InFlight<string, number>;
  };
  /** Kept totals and those under way are forgotten: the next reader counts afresh. */
  forgetCounts(): void;
  /** After a write: forget the totals, and the cached principals when the entity decides who may do what. */
  afterChange(): void;
};

export function createCrudContext(app: AppContext, entity: Entity, options: CrudOptions): CrudContext {
  const { db } = app;
  const kind = db.kind;
  const toWire = createRowMapper(entity.columns);
  const maskRow = createMasker(entity.columns);
  const maskedFor = maskedForReader(entity);
  const revealerFor = revealerOf(entity);
  const extraOrder = new Set(Object.values(options.joinedOrder ?? {}));
  const joinedOrderNames = options.joinedOrder ?? {};
  const counts = { kept: new Map<string, { at: number; total: number }>(), running: new InFlight<string, number>() };

  const scoped = (qb: AnySelect, session: Session, allTenants = false) =>
    applyDataScope(qb, entity, options.scope, session, allTenants);
  const filtered = (qb: AnySelect, input: ListInput, session: Session, keywordBy?: 'likes' | 'index') => {
    const masked = maskedFor(session);
    // An owner searches her own rows by every digit of their masked columns (she may reveal them).
    const ownRows = masked.size > 0 ? revealerFor(session).ownRows : null;
    const spec = { entity, kind, keywordRefs: options.keywordRefs, keywordBy, masked, ownRows };
    const q = applyFilters(qb, spec, input);
    return options.filter ? options.filter(q, input) : q;
  };
  const withJoins = (qb: AnySelect) => {
    const q = qb.select(selectColumns(entity));
    return options.join ? options.join(q) : q;
  };
  const ordered = (qb: AnySelect, input: ListInput, session: Session) => {
    const order = input.order !== undefined ? (ownValue(joinedOrderNames, input.order) ?? input.order) : undefined;
    return applyOrder(qb, entity, { ...input, order }, extraOrder, maskedFor(session));
  };
  const mapRow = (row: Row, session?: Session): Row => {
    const wire = toWire(row);
    return maskRow(wire, session !== undefined && mayRevealRow(revealerFor(session), wire));
  };
  const forgetCounts = () => {
    counts.kept.clear();
    counts.running.clear();
  };

  return {
    app,
    entity,
    options,
    kind,
    mapRow,
    maskRow: (row) => maskRow(row),
    maskedFor,
    revealerFor,
    scoped,
    filtered,
    withJoins,
    ordered,
    unsearched: (input, session) =>
      filtered(scoped(baseQuery(db.loose, entity), session), { ...input, keyWord: undefined }, session),
    rowsQuery: (input, session, allTenants = false) =>
      ordered(
        filtered(scoped(withJoins(baseQuery(db.loose, entity)), session, allTenants), input, session),
        input,
        session,
      ),
    async read(rows, session, mode) {
      const mapped = rows.map((row) => mapRow(row, session));
      return options.afterRead ? options.afterRead(mapped, session, mode) : mapped;
    },
    shapeKey(input, session) {
      const filters = JSON.stringify({ ...input, page: undefined, size: undefined, order: undefined, sort: undefined });
      return filters.length > 2000 ? null : `${session.principalKey}|${filters}`;
    },
    orderKey: (input) => `${input.order ?? ''}|${input.sort ?? ''}`,
    compiled: new CompiledQueries(),
    counts,
    forgetCounts,
    afterChange() {
      forgetCounts();
      if (options.invalidatesAuth) app.gate.invalidate();
    },
  };
}
