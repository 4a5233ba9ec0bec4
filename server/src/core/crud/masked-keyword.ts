import {
  fitsShownDigits,
  fitsShownIdCharacters,
  ID_SHOWN_HEAD,
  ID_SHOWN_MIN,
  ID_SHOWN_TAIL,
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
 * - by what its mask shows, for every reader who sees the row, as the list shows those characters
 *   to her anyway: a phone's first 3 and last 4 (`139****5601`: `5601`, `139`, `601`), an ID
 *   number's first 4 and last 4 (`1101**********123X`: `1101`, `123x`);
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

/** What a mask shows of a value: its first `head` and last `tail` characters, once it has `min` of them. */
type Shown = { head: number; tail: number; min: number };

/** The shown characters of each kind whose mask shows any, and the keywords that may lie among them. */
const SHOWN: Partial<Record<SensitiveKind, Shown & { fits: (keyWord: string) => boolean }>> = {
  phone: { head: PHONE_SHOWN_HEAD, tail: PHONE_SHOWN_TAIL, min: PHONE_SHOWN_MIN, fits: fitsShownDigits },
  idCard: { head: ID_SHOWN_HEAD, tail: ID_SHOWN_TAIL, min: ID_SHOWN_MIN, fits: fitsShownIdCharacters },
};

/**
 * The value's shown characters hold the keyword: its first or its last ones, when it is long
 * enough to show any. Both sides upper-cased, so `123x` finds the `123X` an ID number was typed
 * with on every database (a keyword that fits holds letters, digits and `+` only: no LIKE wildcard).
 */
function shownCharactersExpression(kind: DbKind, ref: string, keyWord: string, shown: Shown): Expression<SqlBool> {
  const column = sql.ref(ref);
  const pattern = `%${keyWord
    .trim()
    .replace(/[\s-]+/g, '')
    .toUpperCase()}%`;
  const length = kind === 'mysql' ? sql`char_length(${column})` : sql`length(${column})`;
  const head = sql`upper(substr(${column}, 1, ${sql.lit(shown.head)}))`;
  const tail =
    kind === 'sqlite'
      ? sql`upper(substr(${column}, -${sql.lit(shown.tail)}))`
      : sql`upper(right(${column}, ${sql.lit(shown.tail)}))`;
  return sql<SqlBool>`(${length} >= ${sql.lit(shown.min)} and (${head} like ${pattern} or ${tail} like ${pattern}))`;
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
  const shown = SHOWN[sensitive];
  if (shown?.fits(keyWord)) parts.push(shownCharactersExpression(kind, ref, keyWord, shown));
  if (ownRows !== null) {
    const like = sql<SqlBool>`${sql.ref(ref)} ${sql.raw(likeOperator(kind, keyWord))} ${likePattern(keyWord)} escape '!'`;
    parts.push(sql<SqlBool>`(${sql.ref(`${main}.${ownRows.column}`)} = ${ownRows.userId} and ${like})`);
  }
  return parts.length === 1 ? (parts[0] as Expression<SqlBool>) : sql<SqlBool>`(${sql.join(parts, sql` or `)})`;
}
