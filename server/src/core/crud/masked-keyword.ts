import {
  fitsShownDigits,
  PHONE_SHOWN_HEAD,
  PHONE_SHOWN_MIN,
  PHONE_SHOWN_TAIL,
  type SensitiveKind,
} from '@backroom/contract';
import { type Expression, type SqlBool, sql } from 'kysely';
import type { DbKind } from '../db/index.js';
import { likeOperator, likePattern } from '../db/index.js';
import { type Revealer, wholeValuesOf } from './masking.js';

/*
 * A keyword over a sensitive column, for a reader who may not reveal every row she sees
 * (masking.ts, MaskedColumns). It matches a row:
 *
 * - by the whole value, as before (`13912345601`, or any spelling of that number);
 * - a phone by what its mask shows (`139****5601`: `5601`, `139`, `601`), for every reader who sees
 *   the row, as the list shows those characters to her anyway;
 * - by any part, the hidden middle too (`1391234`), on the rows she may reveal: an owner's own
 *   (Revealer.ownRows), as a holder of reveal searches every row.
 *
 * The text index still narrows the rows first (query.ts, keywordCondition): each of these is a
 * condition on the candidate rows, never a scan of its own.
 */

/** `ref IN (<the whole values the text stands for>)`. */
export function wholeValueExpression(ref: string, values: readonly string[]): Expression<SqlBool> {
  return sql<SqlBool>`${sql.ref(ref)} in (${sql.join(values.map((v) => sql`${v}`))})`;
}

/** A phone's shown characters hold the keyword: its first 3 or its last 4, when it is long enough to show any. */
function shownDigitsExpression(kind: DbKind, ref: string, keyWord: string): Expression<SqlBool> {
  const column = sql.ref(ref);
  const pattern = `%${keyWord.trim().replace(/[\s-]+/g, '')}%`;
  const length = kind === 'mysql' ? sql`char_length(${column})` : sql`length(${column})`;
  const head = sql`substr(${column}, 1, ${sql.lit(PHONE_SHOWN_HEAD)})`;
  const tail =
    kind === 'sqlite'
      ? sql`substr(${column}, -${sql.lit(PHONE_SHOWN_TAIL)})`
      : sql`right(${column}, ${sql.lit(PHONE_SHOWN_TAIL)})`;
  return sql<SqlBool>`(${length} >= ${sql.lit(PHONE_SHOWN_MIN)} and (${head} like ${pattern} or ${tail} like ${pattern}))`;
}

/** The keyword's condition on one sensitive column for a reader without the reveal permission. */
export function maskedKeywordExpression(
  kind: DbKind,
  ref: string,
  sensitive: SensitiveKind,
  keyWord: string,
  ownRows: Revealer['ownRows'],
  main: string,
): Expression<SqlBool> {
  const parts = [wholeValueExpression(ref, wholeValuesOf(sensitive, keyWord))];
  if (sensitive === 'phone' && fitsShownDigits(keyWord)) parts.push(shownDigitsExpression(kind, ref, keyWord));
  if (ownRows !== null) {
    const like = sql<SqlBool>`${sql.ref(ref)} ${sql.raw(likeOperator(kind, keyWord))} ${likePattern(keyWord)} escape '!'`;
    parts.push(sql<SqlBool>`(${sql.ref(`${main}.${ownRows.column}`)} = ${ownRows.userId} and ${like})`);
  }
  return parts.length === 1 ? (parts[0] as Expression<SqlBool>) : sql<SqlBool>`(${sql.join(parts, sql` or `)})`;
}
