import { sql } from 'kysely';
import type { Session } from '../auth/principal.js';
import type { CrudContext } from './crud-context.js';
import {
  type AnySelect,
  baseQuery,
  keywordOf,
  keywordsOf,
  type ListInput,
  MAIN,
  textIndexEstimate,
  textIndexOrderedRows,
} from './query.js';

/**
 * A keyword the text index names in at least this many rows is common: its page is sought first by
 * walking the newest rows (read-path.ts, `page`). Below it a walk rarely fills a page, and the
 * index's list costs no more than a walk would read (a list of n rows costs about n row reads).
 */
export const COMMON_KEYWORD = 2_000;
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

/**
 * How a page with a keyword is read: by walking the newest rows first (a common keyword) or by the
 * text index's list of the rows that may hold it. Keeps each keyword's estimate for ESTIMATE_MS.
 */
export type KeywordPlan = {
  /** How many of the newest rows a walk for the page ending at row `end` reads at most. */
  walkWindow(end: number): number;
  walksFirst(input: ListInput): Promise<boolean>;
  walkQuery(input: ListInput, session: Session, window: number): AnySelect;
  indexPageQuery(input: ListInput, session: Session): AnySelect;
};

export function createKeywordPlan(c: CrudContext): KeywordPlan {
  const { entity, kind, options } = c;
  const { db } = c.app;
  const estimates = new Map<string, { at: number; common: boolean }>();
  /** Whether the rows are ordered by id alone. */
  const byId = (input: ListInput) => (input.order ?? entity.defaultOrder.column) === 'id';

  return {
    walkWindow: (end) => Math.min(WALK_ROWS_PER_ROW * end, WALK_ROWS_MAX),

    /**
     * Whether a page with a keyword is sought first by walking the newest rows: when it is ordered by
     * id alone (the walk's order) and the text index names the keyword in many rows. The index's list
     * of them is then long (one character, "上海" in addresses: tens of thousands of rows, each read
     * and sorted by id), while the newest rows hold a page of them within a few hundred.
     */
    async walksFirst(input) {
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
    },

    /**
     * The page among the newest `window` rows of the scope and filters (in the page's order by id),
     * the keyword decided by its LIKEs alone: `a.id >= <the id window rows down>` (all the rows when
     * there are fewer), so the walk reads at most that many however rare the keyword is among them.
     */
    walkQuery(input, session, window) {
      const sort = input.sort ?? entity.defaultOrder.sort;
      const edge = c
        .unsearched(input, session)
        .select(`${MAIN}.id`)
        .orderBy(`${MAIN}.id`, sort)
        .limit(1)
        .offset(window - 1);
      const rows = c.ordered(
        c.filtered(c.scoped(c.withJoins(baseQuery(db.loose, entity)), session), input, session, 'likes'),
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
    },

    /**
     * A page's query by the text index: on PostgreSQL, ordered by id and without joined keyword
     * fields (the index knows only the entity's own), the rows are read by joining the index's list
     * of them in the page's order, so the planner stops at a full page (query.ts,
     * textIndexOrderedRows); otherwise the context's rowsQuery, `a.id IN (…)`.
     */
    indexPageQuery(input, session) {
      const keyWords = keywordsOf(input);
      const keyWord = keyWords[0] ?? '';
      const list =
        keyWords.length === 1 && byId(input) && (options.keywordRefs ?? []).length === 0
          ? textIndexOrderedRows(entity, kind, keyWord, input.sort ?? entity.defaultOrder.sort)
          : null;
      if (list === null) return c.rowsQuery(input, session);
      const base = db.loose.selectFrom(list).innerJoin(`${entity.table} as ${MAIN}`, `${MAIN}.id`, 'c.id');
      return c.ordered(c.filtered(c.scoped(c.withJoins(base), session), input, session, 'likes'), input, session);
    },
  };
}
