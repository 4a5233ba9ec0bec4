import type { CompiledQuery } from 'kysely';
import type { Session } from '../auth/principal.js';
import type { CrudContext } from './crud-context.js';
import { baseQuery, keywordsOf, type ListInput, masksKeyword, textIndexCount, textIndexDecides } from './query.js';

/**
 * The rows the page and list filters select under the session's scope: what a page's total says.
 * `shape` is the context's shapeKey for this input and session. Readers asking for a total while
 * the same count is under way wait for it; with the module's countCacheMs the total is also kept
 * that long. A `fresh` count runs its own (and is kept in its place).
 */
export async function countRows(
  c: CrudContext,
  input: ListInput,
  session: Session,
  shape: string | null,
  fresh = false,
): Promise<number> {
  const { options } = c;
  if (!options.countCacheMs || shape === null) {
    const query = countQuery(c, input, session, shape);
    if (fresh) return runCount(c, query);
    // Readers whose count is the same statement (the same SQL and values: one user's requests at
    // once, or users of the same scope) share the one under way. That costs no freshness that
    // matters: a write through this instance forgets the counts under way (crud-context.ts,
    // forgetCounts), so a later reader counts again, and a page whose rows contradict the total
    // it got counts afresh (read-path.ts, fullPage). A busy page sends half the statements, and
    // its rows no longer wait for a count of their own (docs/benchmarks.md).
    return c.counts.running.run(statementKey(query), () => runCount(c, query));
  }
  const run = () => runCount(c, countQuery(c, input, session, shape));
  const hit = fresh ? undefined : c.counts.kept.get(shape);
  if (hit && Date.now() - hit.at < options.countCacheMs) return hit.total;
  // Requests for the same count at once (a page's readers, when its kept total has just expired)
  // wait for one count instead of each running its own; a fresh one runs its own.
  const counted = () =>
    run().then((total) => {
      if (c.counts.kept.size > 1000) c.counts.kept.clear();
      c.counts.kept.set(shape, { at: Date.now(), total });
      return total;
    });
  return fresh ? counted() : c.counts.running.run(shape, counted);
}

/** Keys of the compiled counts, made once for each (a shape's count is compiled once and kept). */
const statementKeys = new WeakMap<CompiledQuery, string>();

/** A compiled statement as a key: its SQL and its values, a NUL apart (the SQL holds none). */
function statementKey(query: CompiledQuery): string {
  let key = statementKeys.get(query);
  if (key === undefined) {
    key = `${query.sql}\u0000${JSON.stringify(query.parameters)}`;
    statementKeys.set(query, key);
  }
  return key;
}

/** One count in the database. */
async function runCount(c: CrudContext, query: CompiledQuery): Promise<number> {
  const [row] = (await c.app.db.read(query)).rows;
  return Number((row as { total?: number | string } | undefined)?.total ?? 0);
}

/** The count's statement, compiled once per shape. */
function countQuery(c: CrudContext, input: ListInput, session: Session, shape: string | null): CompiledQuery {
  const { entity, kind, options } = c;
  const { db } = c.app;
  return c.compiled.query(shape === null ? null : `count|${shape}`, () => {
    const keyWords = keywordsOf(input);
    const keyWord = keyWords[0] ?? '';
    // Where the text index answers what the LIKEs would, it counts without reading the rows
    // for them; with nothing else to check (no scope, no filter), without reading them at all.
    // Never beside a masked column: the index holds every piece of it, and a total that counted
    // a phone's prefixes would tell the digits the page hides.
    const decides =
      keyWords.length === 1 &&
      !masksKeyword(entity, c.maskedFor(session)) &&
      textIndexDecides(entity, kind, keyWord, options.keywordRefs);
    if (decides && c.unsearched(input, session).toOperationNode().where === undefined) {
      return textIndexCount(db.loose, entity, kind, keyWord);
    }
    // Joins only matter to the count when the keyword searches joined columns.
    const needsJoin = options.join !== undefined && (options.keywordRefs?.length ?? 0) > 0 && !!input.keyWord;
    let qb = baseQuery(db.loose, entity);
    if (needsJoin && options.join) qb = options.join(qb);
    // The join adds selected columns; PostgreSQL refuses them beside count(*).
    return c
      .filtered(c.scoped(qb, session), input, session, decides ? 'index' : undefined)
      .clearSelect()
      .select((eb) => eb.fn.countAll().as('total'));
  });
}
