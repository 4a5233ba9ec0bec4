import type { DbKind } from '../config.js';
import {
  GRAM_LENGTH,
  gramTableName,
  PAIR_LENGTH,
  pairTableName,
  type TableModel,
  type TextIndexModel,
  type TextIndexPart,
} from './schema-model.js';
import { literal, quote } from './sql-literals.js';

/*
 * The SQL of a text index for one dialect (ddl.ts writes it with its table and renders its
 * changes): SQLite's FTS5 table and triggers, PostgreSQL's pg_trgm index, and the tables of pieces
 * of identifier columns and pairs with what keeps them. Like ddl.ts, only the migration generator
 * and the schema reader call it.
 */

/** The triggers that keep a SQLite text index in step with its table, by what they follow. */
export const TEXT_INDEX_TRIGGERS = ['insert', 'delete', 'update'] as const;
export const textIndexTrigger = (index: TextIndexModel, event: (typeof TEXT_INDEX_TRIGGERS)[number]) =>
  `${index.name}_${event}`;

/**
 * What PostgreSQL's text index covers: the columns' texts in one, apart by a control character.
 * One GIN index over it is one index scan per keyword (six per-column indexes made the planner
 * prefer walking the primary key backwards for `order by id desc limit 20`, a scan of the table).
 * The query must spell it exactly so (columns qualified or not) for the planner to use the index.
 */
export function trigramDocument(columnRefs: readonly string[]): string {
  return columnRefs.map((ref) => `coalesce(${ref}, '')`).join(' || chr(31) || ');
}

/** Every part of a text index (TextIndexPart): what a text index made or dropped whole is. */
const ALL_PARTS: ReadonlySet<TextIndexPart> = new Set(['trigrams', 'grams', 'pairs']);

/**
 * A text index. SQLite: an FTS5 table with the trigram tokenizer (any substring of three or more
 * characters, case folded) holding no copy of the text (`content` is the table itself), filled
 * from the rows there are and kept by a trigger on each write. PostgreSQL: a pg_trgm GIN index on
 * the columns' texts together (trigramDocument), or one per column in the first form (see
 * TextIndexModel.form); the extension must be available to the install. Identifier columns, if
 * any, are held apart and the pairs beside it (pieceIndexSql). `parts`: only those (a migration
 * that changes one part of an index leaves the others standing).
 * MySQL/MariaDB: nothing; the keyword stays a LIKE scan there.
 */
export function createTextIndexSql(
  kind: DbKind,
  table: Pick<TableModel, 'name' | 'columns'>,
  index: TextIndexModel,
  parts: ReadonlySet<TextIndexPart> = ALL_PARTS,
): string[] {
  if (kind === 'mysql') return [];
  const pieces = [
    ...(parts.has('grams') && index.identifiers?.length ? pieceIndexSql(kind, table, gramPieces(index)) : []),
    ...(parts.has('pairs') && index.pairs?.length ? pieceIndexSql(kind, table, pairPieces(index)) : []),
  ];
  if (!parts.has('trigrams')) return pieces;
  if (kind === 'postgres') {
    if (index.form !== 'document') {
      return [
        'create extension if not exists pg_trgm',
        ...index.columns.map(
          (c) =>
            `create index ${quote(kind, `${index.name}_${c}`)} on ${quote(kind, table.name)} using gin (${quote(kind, c)} gin_trgm_ops)`,
        ),
        ...pieces,
      ];
    }
    const document = trigramDocument(index.columns.map((c) => quote(kind, c)));
    return [
      'create extension if not exists pg_trgm',
      `create index ${quote(kind, index.name)} on ${quote(kind, table.name)} using gin ((${document}) gin_trgm_ops)`,
      ...pieces,
    ];
  }
  const q = (name: string) => quote(kind, name);
  const fts = q(index.name);
  const columns = index.columns.map(q).join(', ');
  const values = (row: 'new' | 'old') => index.columns.map((c) => `${row}.${q(c)}`).join(', ');
  const add = `insert into ${fts} (rowid, ${columns}) values (new.${q('id')}, ${values('new')});`;
  // An external-content FTS5 table forgets a row when told the text it indexed for it.
  const remove = `insert into ${fts} (${fts}, rowid, ${columns}) values ('delete', old.${q('id')}, ${values('old')});`;
  return [
    `create virtual table ${fts} using fts5(${columns}, content=${literal(kind, table.name)}, content_rowid='id', tokenize='trigram')`,
    `insert into ${fts} (${fts}) values ('rebuild')`,
    `create trigger ${q(textIndexTrigger(index, 'insert'))} after insert on ${q(table.name)} begin ${add} end`,
    `create trigger ${q(textIndexTrigger(index, 'delete'))} after delete on ${q(table.name)} begin ${remove} end`,
    `create trigger ${q(textIndexTrigger(index, 'update'))} after update of ${columns} on ${q(table.name)} begin ${remove} ${add} end`,
    ...pieces,
  ];
}

/**
 * Pieces of some of a text index's columns kept in a table of their own (gram, id): the
 * identifiers' (TextIndexModel.identifiers, GRAM_LENGTH) and the pairs (TextIndexModel.pairs,
 * PAIR_LENGTH). One rule for both, only the length differs.
 */
type PieceSet = { readonly table: string; readonly columns: readonly string[]; readonly length: number };

const gramPieces = (index: TextIndexModel): PieceSet => ({
  table: gramTableName(index),
  columns: index.identifiers ?? [],
  length: GRAM_LENGTH,
});

const pairPieces = (index: TextIndexModel): PieceSet => ({
  table: pairTableName(index),
  columns: index.pairs ?? [],
  length: PAIR_LENGTH,
});

/** The trigger (SQLite: triggers) and, on PostgreSQL, the function that keep a table of pieces. */
export const pieceTrigger = (pieceTable: string, event: (typeof TEXT_INDEX_TRIGGERS)[number] | 'keep') =>
  `${pieceTable}_${event}`;

/** The trigger (SQLite: triggers) and, on PostgreSQL, the function that keep a text index's identifier pieces. */
export const gramTrigger = (
  index: Pick<TextIndexModel, 'name'>,
  event: (typeof TEXT_INDEX_TRIGGERS)[number] | 'keep',
) => pieceTrigger(gramTableName(index), event);

/** The same for its pairs (TextIndexModel.pairs). */
export const pairTrigger = (
  index: Pick<TextIndexModel, 'name'>,
  event: (typeof TEXT_INDEX_TRIGGERS)[number] | 'keep',
) => pieceTrigger(pairTableName(index), event);

/** PostgreSQL's statistics target for a table of pieces' gram (pieceIndexSql); ANALYZE of 18M pairs: 1.3 s. */
export const PIECE_STATISTICS = 1000;

/** SQLite's trigger counts positions in steps of this many (pieceIndexSql). */
const POSITION_STEP = 16;

/** A varchar column's declared length: pieces start at each position up to it. */
function varcharLength(table: Pick<TableModel, 'name' | 'columns'>, name: string): number {
  const length = /^varchar\((\d+)\)$/.exec(table.columns.find((c) => c.name === name)?.type ?? '')?.[1];
  if (!length) throw new Error(`${table.name}.${name}: a column kept as pieces needs a varchar length`);
  return Number(length);
}

/**
 * A set of pieces (PieceSet): for each position of a column's lower-cased text, the `length`
 * characters from there (fewer at the end), with the row's id, in a table (gram, id) whose
 * primary key is the B-tree a keyword is looked up in. Any text a keyword of `length` characters
 * or more is found in holds the keyword's first and last pieces; a shorter keyword begins one of
 * the pieces. SQLite: triggers, positions from JSON lists (no series function and no WITH inside
 * a trigger). PostgreSQL: one PL/pgSQL trigger, the pieces compared byte by byte (`collate "C"`,
 * so a prefix is a range of the B-tree).
 */
function pieceIndexSql(
  kind: 'sqlite' | 'postgres',
  table: Pick<TableModel, 'name' | 'columns'>,
  set: PieceSet,
): string[] {
  const q = (name: string) => quote(kind, name);
  const pieceTable = q(set.table);
  const t = q(table.name);
  const id = q('id');
  const n = set.length;
  const insert = (selects: string[]) =>
    `insert into ${pieceTable} (${q('gram')}, ${id}) ${selects.join(' union all ')}`;
  const columns = set.columns.map(q).join(', ');
  if (kind === 'postgres') {
    const pieces = (row: string, from: string, collate = '') =>
      set.columns.map(
        (c) =>
          `select substr(lower(${row}.${q(c)}), p, ${n})${collate} as ${q('gram')}, ${row}.${id} from ${from}generate_series(1, length(${row}.${q(c)})) p`,
      );
    const oldPieces = set.columns
      .map((c) => `select substr(lower(old.${q(c)}), p, ${n}) from generate_series(1, length(old.${q(c)})) p`)
      .join(' union ');
    const keep = q(pieceTrigger(set.table, 'keep'));
    const newPieces = `insert into ${pieceTable} (${q('gram')}, ${id}) ${pieces('new', '').join(' union ')}`;
    return [
      // The rows there are go in first and the key is built over them once, in the pieces' own
      // byte order: inserting them into the key one by one (ON CONFLICT) took twice as long, and
      // sorting them by the database's collation is slower still.
      `create table ${pieceTable} (${q('gram')} text collate "C" not null, ${id} integer not null)`,
      `insert into ${pieceTable} (${q('gram')}, ${id}) select distinct ${q('gram')}, ${id} from (${pieces('a', `${t} a, `, ' collate "C"').join(' union all ')}) s`,
      `alter table ${pieceTable} add primary key (${q('gram')}, ${id})`,
      // A finer sample than the default 100: pieces are many and most are rare, and with the
      // default the planner took a clerk's 2-character piece (484 rows at 1M customers) for 2,092
      // and read the clerk's 5,000 customers instead (22 against 2 ms).
      `alter table ${pieceTable} alter column ${q('gram')} set statistics ${PIECE_STATISTICS}`,
      // Statistics now, not when autovacuum gets to it: without them the planner takes a piece for
      // tens of thousands of rows and scans the table instead (seconds at 1M customers).
      `analyze ${pieceTable}`,
      pieceKeeperSql(keep, pieceTable, oldPieces, newPieces),
      `create trigger ${keep} after insert or delete or update of ${columns} on ${t} for each row execute function ${keep}()`,
    ];
  }
  // Positions 1 to the column's length, as a multiple of POSITION_STEP plus 1 to POSITION_STEP:
  // json_each walks all of its list every time, and one list as long as a remark (500) made each
  // insert cost a quarter of a millisecond more; two short lists, the second walked only for the
  // multiples below the text's length, cost a fifth of that. CROSS JOIN keeps that order of the
  // loops (and the table outermost where the rows there are are filled in).
  const positions = (c: string) => {
    const multiples = Array.from(
      { length: Math.ceil(varcharLength(table, c) / POSITION_STEP) },
      (_, i) => i * POSITION_STEP,
    );
    const units = Array.from({ length: POSITION_STEP }, (_, i) => i + 1);
    return `json_each('${JSON.stringify(multiples)}') m cross join json_each('${JSON.stringify(units)}') u`;
  };
  const within = (ref: string) => `m.value < length(${ref}) and m.value + u.value <= length(${ref})`;
  const pieces = (row: string) =>
    set.columns.map(
      (c) =>
        `select substr(lower(${row}.${q(c)}), m.value + u.value, ${n}), ${row}.${id} from ${row === 'a' ? `${t} a cross join ` : ''}${positions(c)} where ${within(`${row}.${q(c)}`)}`,
    );
  const oldPieces = set.columns
    .map(
      (c) =>
        `select substr(lower(old.${q(c)}), m.value + u.value, ${n}) from ${positions(c)} where ${within(`old.${q(c)}`)}`,
    )
    .join(' union ');
  const add = `${insert(pieces('new')).replace(/^insert/, 'insert or ignore')};`;
  const remove = `delete from ${pieceTable} where ${id} = old.${id} and ${q('gram')} in (${oldPieces});`;
  return [
    `create table ${pieceTable} (${q('gram')} text not null, ${id} integer not null, primary key (${q('gram')}, ${id})) without rowid`,
    // In the key's order, the B-tree is written page after page (random order costs twice the time at 1M rows).
    `${insert(pieces('a')).replace(/^insert/, 'insert or ignore')} order by 1, 2`,
    `create trigger ${q(pieceTrigger(set.table, 'insert'))} after insert on ${t} begin ${add} end`,
    `create trigger ${q(pieceTrigger(set.table, 'delete'))} after delete on ${t} begin ${remove} end`,
    `create trigger ${q(pieceTrigger(set.table, 'update'))} after update of ${columns} on ${t} begin ${remove} ${add} end`,
  ];
}

/**
 * PostgreSQL's function that keeps a table of pieces (pieceIndexSql): the row's old pieces go, its
 * new ones (each once: UNION) come in. A new row's id is new, so its pieces go in as they are; ON
 * CONFLICT, which an update keeps to be safe, made each insert half as slow again (a speculative
 * insertion per piece: 10,000 customers took 6.4 s of triggers with it, 4.6 s without).
 */
function pieceKeeperSql(keep: string, pieceTable: string, oldPieces: string, newPieces: string): string {
  return `create or replace function ${keep}() returns trigger language plpgsql as $$ begin if tg_op <> 'INSERT' then delete from ${pieceTable} where "id" = old."id" and "gram" in (${oldPieces}); end if; if tg_op = 'INSERT' then ${newPieces}; elsif tg_op = 'UPDATE' then ${newPieces} on conflict do nothing; end if; return null; end $$`;
}

/** A table of pieces and what keeps it (pieceIndexSql), dropped. */
function dropPiecesSql(kind: 'sqlite' | 'postgres', set: PieceSet): string[] {
  const drop = `drop table ${quote(kind, set.table)}`;
  return kind === 'postgres'
    ? [`drop function ${quote(kind, pieceTrigger(set.table, 'keep'))}() cascade`, drop]
    : [
        ...TEXT_INDEX_TRIGGERS.map((event) => `drop trigger if exists ${quote(kind, pieceTrigger(set.table, event))}`),
        drop,
      ];
}

/** A text index dropped, or only the `parts` of it a migration changes (createTextIndexSql). */
export function dropTextIndexSql(
  kind: DbKind,
  index: TextIndexModel,
  parts: ReadonlySet<TextIndexPart> = ALL_PARTS,
): string[] {
  if (kind === 'mysql') return [];
  const pieces = [
    ...(parts.has('grams') && index.identifiers?.length ? dropPiecesSql(kind, gramPieces(index)) : []),
    ...(parts.has('pairs') && index.pairs?.length ? dropPiecesSql(kind, pairPieces(index)) : []),
  ];
  if (!parts.has('trigrams')) return pieces;
  if (kind === 'postgres') {
    return [
      ...(index.form === 'document'
        ? [`drop index ${quote(kind, index.name)}`]
        : index.columns.map((c) => `drop index ${quote(kind, `${index.name}_${c}`)}`)),
      ...pieces,
    ];
  }
  return [
    ...TEXT_INDEX_TRIGGERS.map((event) => `drop trigger if exists ${quote(kind, textIndexTrigger(index, event))}`),
    `drop table ${quote(kind, index.name)}`,
    ...pieces,
  ];
}
