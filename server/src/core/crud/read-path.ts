import type { PageResult } from '@backroom/contract';
import type { Session } from '../auth/principal.js';
import { notFound, refused } from '../errors.js';
import type { CrudContext } from './crud-context.js';
import type { CrudService, Row } from './crud-types.js';
import { createKeywordPlan } from './keyword-plan.js';
import { baseQuery, type ListInput, MAIN } from './query.js';
import { countRows } from './totals.js';

type ReadPath = Pick<CrudService, 'page' | 'list' | 'count' | 'info' | 'scan' | 'read'>;

/**
 * The read path of one entity: page (a keyword's plan in keyword-plan.ts, its total in totals.ts),
 * list, count, info, and the batched scan an export reads. Every query is scoped (scope.ts,
 * applyDataScope), filtered and ordered by the context's building blocks, and every row answered is
 * mapped and masked (crud-context.ts, read).
 */
export function createReadPath(c: CrudContext): ReadPath {
  const { entity } = c;
  const { db } = c.app;
  const plan = createKeywordPlan(c);

  /** A page of rows and its total, counted (or kept from a count made within countCacheMs). */
  async function fullPage(
    rows: Row[],
    input: ListInput & { page: number; size: number },
    session: Session,
    shape: string | null,
  ): Promise<PageResult<Row>> {
    const { page, size } = input;
    const shown = (page - 1) * size + rows.length;
    const total = await countRows(c, input, session, shape);
    // A cached total may lag behind new rows; it is never allowed to contradict the page itself.
    const consistent = rows.length === size ? total >= shown : total === shown;
    const finalTotal = consistent ? total : await countRows(c, input, session, shape, true);
    return { list: await c.read(rows, session, 'page'), pagination: { page, size, total: finalTotal } };
  }

  /** The rows the filters select, ordered by id from the newest, after `before` when given. */
  const keysetQuery = (input: ListInput, session: Session, before: number | undefined, limit: number) => {
    let qb = c.filtered(c.scoped(c.withJoins(baseQuery(db.loose, entity)), session), input, session);
    if (before !== undefined) qb = qb.where(`${MAIN}.id`, '<', before);
    return qb.orderBy(`${MAIN}.id`, 'desc').limit(limit);
  };

  return {
    async page(input, session) {
      const { page, size } = input;
      const offset = (page - 1) * size;
      const shape = c.shapeKey(input, session);
      if (await plan.walksFirst(input)) {
        const window = plan.walkWindow(offset + size);
        const query = c.compiled.page(
          shape === null ? null : `walk|${window}|${c.orderKey(input)}|${shape}`,
          () => plan.walkQuery(input, session, window),
          size,
          offset,
        );
        const { rows } = await db.read(query);
        // A full page is the page: the window is the newest rows, so the rows it holds come first.
        if (rows.length === size) return fullPage(rows, input, session, shape);
      }
      const query = c.compiled.page(
        shape === null ? null : `page|${c.orderKey(input)}|${shape}`,
        () => plan.indexPageQuery(input, session),
        size,
        offset,
      );
      const { rows } = await db.read(query);
      const shown = offset + rows.length;
      // A page that is not full is the last one (so is an empty first page): its total is known
      // without counting, which is most of a search's cost when the keyword finds a few rows.
      if (rows.length < size && (rows.length > 0 || page === 1)) {
        return { list: await c.read(rows, session, 'page'), pagination: { page, size, total: shown } };
      }
      return fullPage(rows, input, session, shape);
    },

    async list(input, session, listOptions) {
      const allTenants = entity.tenant && listOptions?.allTenants === true;
      if (allTenants && !session.isSuper) throw refused('tenant.superOnly');
      const shape = c.shapeKey(input, session);
      const query = c.compiled.query(shape === null ? null : `list|${allTenants}|${c.orderKey(input)}|${shape}`, () =>
        c.rowsQuery(input, session, allTenants).limit(10_000),
      );
      const { rows } = await db.read(query);
      return c.read(rows, session, 'list');
    },

    count: (input, session) => countRows(c, input, session, c.shapeKey(input, session)),

    async info(id, session) {
      const row = await c
        .scoped(c.withJoins(baseQuery(db.loose, entity)), session)
        .where(`${MAIN}.id`, '=', id)
        .executeTakeFirst();
      if (!row) throw notFound();
      const [out] = await c.read([row], session, 'info');
      if (!out) throw notFound();
      return out;
    },

    async *scan(input, session, batchSize) {
      let before: number | undefined;
      for (;;) {
        const rows = await keysetQuery(input, session, before, batchSize).execute();
        if (rows.length === 0) return;
        before = Number((rows[rows.length - 1] as Row).id);
        yield await c.read(rows, session, 'list');
        if (rows.length < batchSize) return;
      }
    },

    read: (rows, session) => c.read(rows, session, 'list'),
  };
}
