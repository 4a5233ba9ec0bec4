import type { ColumnKind } from '../core/columns.js';
import {
  closingQuote,
  IDENT,
  readQualifiedName,
  SqlParseError,
  splitTopLevel,
  stringLiteral,
  stripComments,
  unquote,
} from './sql-text.js';

export { SqlParseError };

/**
 * `CREATE TABLE` text → its columns, for MySQL/MariaDB, PostgreSQL and SQLite. Pure and
 * browser-safe: it reads the text, never runs it. What it cannot map to a Backroom column kind is
 * still listed, with a warning, so the caller can say so.
 */
export type SqlDialect = 'mysql' | 'postgres' | 'sqlite';

/** A default value as written: a literal, or an expression the database computes (CURRENT_TIMESTAMP, now()). */
export type SqlDefault = { literal: string | number | boolean | null } | { expression: string };

export type SqlColumn = {
  name: string;
  /** The type as written, lower case (`varchar(100)`, `decimal(10,2)`). */
  sqlType: string;
  kind: ColumnKind;
  /** The varchar length (string columns). */
  length: number | undefined;
  /** Digits and scale of a decimal. */
  precision: { digits: number; scale: number } | undefined;
  nullable: boolean;
  default: SqlDefault | undefined;
  primaryKey: boolean;
  autoIncrement: boolean;
  unique: boolean;
  /** The values of a MySQL enum. */
  values: string[] | undefined;
  /** MySQL's COMMENT '…', or PostgreSQL's COMMENT ON COLUMN. */
  comment: string | undefined;
  /** What did not map exactly (a float read as decimal, a blob read as text). */
  warning: string | undefined;
};

export type SqlTable = {
  name: string;
  dialect: SqlDialect;
  columns: SqlColumn[];
  comment: string | undefined;
  /** Multi-column unique keys and indexes, by column names. */
  indexes: { columns: string[]; unique: boolean }[];
};

function parseDefault(raw: string): SqlDefault {
  const text = raw.trim().replace(/::[\w\s]+(\(\d+\))?$/, ''); // PostgreSQL casts: 'a'::character varying
  if (/^'.*'$/s.test(text)) return { literal: stringLiteral(text) };
  if (/^null$/i.test(text)) return { literal: null };
  if (/^(true|false)$/i.test(text)) return { literal: text.toLowerCase() === 'true' };
  if (/^\(?-?\d+(\.\d+)?\)?$/.test(text)) return { literal: Number(text.replace(/[()]/g, '')) };
  return { expression: text };
}

type TypeInfo = Pick<SqlColumn, 'kind' | 'length' | 'precision' | 'values' | 'warning'> & { serial?: boolean };

function typeInfo(type: string, args: string[]): TypeInfo {
  const none = { length: undefined, precision: undefined, values: undefined, warning: undefined };
  const n = (i: number) => (args[i] === undefined ? undefined : Number(args[i]));
  switch (type) {
    case 'tinyint':
      if (n(0) === 1) return { ...none, kind: 'bool' };
      return { ...none, kind: 'int' };
    case 'int':
    case 'integer':
    case 'smallint':
    case 'mediumint':
    case 'int2':
    case 'int4':
      return { ...none, kind: 'int' };
    case 'serial':
    case 'smallserial':
      return { ...none, kind: 'int', serial: true };
    case 'bigint':
    case 'int8':
      return { ...none, kind: 'bigint' };
    case 'bigserial':
      return { ...none, kind: 'bigint', serial: true };
    case 'varchar':
    case 'character varying':
    case 'nvarchar':
    case 'varchar2':
    case 'char':
    case 'character':
    case 'nchar':
      return { ...none, kind: 'string', length: n(0) ?? (type.includes('char') && !type.includes('var') ? 1 : 255) };
    case 'text':
    case 'tinytext':
    case 'mediumtext':
    case 'longtext':
    case 'clob':
    case 'citext':
      return { ...none, kind: 'text' };
    case 'bool':
    case 'boolean':
      return { ...none, kind: 'bool' };
    case 'bit':
      return n(0) === undefined || n(0) === 1
        ? { ...none, kind: 'bool' }
        : { ...none, kind: 'bigint', warning: 'bit field read as bigint' };
    case 'decimal':
    case 'numeric':
    case 'dec':
    case 'money':
      return { ...none, kind: 'decimal', precision: { digits: n(0) ?? 14, scale: n(1) ?? 2 } };
    case 'float':
    case 'double':
    case 'double precision':
    case 'real':
    case 'float4':
    case 'float8':
      return { ...none, kind: 'decimal', warning: 'floating point read as decimal(14,2)' };
    case 'date':
    case 'datetime':
    case 'timestamp':
    case 'timestamptz':
    case 'timestamp with time zone':
    case 'timestamp without time zone':
    case 'time':
      return { ...none, kind: 'datetime' };
    case 'json':
    case 'jsonb':
      return { ...none, kind: 'json' };
    case 'enum':
      return {
        ...none,
        kind: 'string',
        length: 50,
        values: args.map((a) => (/^'.*'$/s.test(a) ? stringLiteral(a) : a)),
      };
    case 'uuid':
      return { ...none, kind: 'string', length: 36 };
    case 'blob':
    case 'tinyblob':
    case 'mediumblob':
    case 'longblob':
    case 'bytea':
    case 'binary':
    case 'varbinary':
      return { ...none, kind: 'text', warning: 'binary data read as text' };
    default:
      return { ...none, kind: 'string', length: 255, warning: `unknown type "${type}" read as varchar(255)` };
  }
}

/** Multi-word type names, longest first. */
const MULTI_WORD_TYPES = [
  'timestamp with time zone',
  'timestamp without time zone',
  'character varying',
  'double precision',
];

function readColumn(def: string): { column: SqlColumn; dialectHints: SqlDialect[] } {
  const m = IDENT.exec(def);
  if (!m) throw new SqlParseError(`cannot read the column "${def.slice(0, 40)}"`);
  const name = unquote(m[0]);
  let rest = def.slice(m[0].length).trim();
  const hints: SqlDialect[] = [];
  if (m[0].startsWith('`')) hints.push('mysql');
  // The type: one or several words, then its arguments in parentheses.
  const lower = rest.toLowerCase();
  let type = MULTI_WORD_TYPES.find((t) => lower.startsWith(t));
  if (type) rest = rest.slice(type.length);
  else {
    const t = /^[A-Za-z_][\w]*/.exec(rest);
    if (!t) throw new SqlParseError(`the column "${name}" has no type`);
    type = t[0].toLowerCase();
    rest = rest.slice(t[0].length);
  }
  let args: string[] = [];
  rest = rest.trimStart();
  if (rest.startsWith('(')) {
    let depth = 0;
    let end = 0;
    for (let i = 0; i < rest.length; i += 1) {
      if (rest[i] === "'") i = closingQuote(rest, i);
      else if (rest[i] === '(') depth += 1;
      else if (rest[i] === ')') {
        depth -= 1;
        if (depth === 0) {
          end = i;
          break;
        }
      }
    }
    args = splitTopLevel(rest.slice(1, end));
    rest = rest.slice(end + 1);
  }
  if (/^\s*\[\]/.test(rest)) throw new SqlParseError(`the column "${name}" is an array, which has no column kind`);
  const info = typeInfo(type, args);
  if (['serial', 'bigserial', 'bytea', 'jsonb', 'timestamptz'].includes(type)) hints.push('postgres');
  if (['tinyint', 'mediumint', 'longtext', 'mediumtext', 'enum', 'datetime'].includes(type)) hints.push('mysql');
  const sqlType = `${type}${args.length > 0 ? `(${args.join(',')})` : ''}`.toLowerCase();
  const column: SqlColumn = {
    name,
    sqlType,
    kind: info.kind,
    length: info.length,
    precision: info.precision,
    nullable: true,
    default: undefined,
    primaryKey: false,
    autoIncrement: info.serial === true,
    unique: false,
    values: info.values,
    comment: undefined,
    warning: info.warning,
  };
  // The constraints and options, word by word.
  const words = rest.trim();
  let i = 0;
  const at = (re: RegExp) => {
    const found = re.exec(words.slice(i));
    if (found) i += found[0].length;
    return found;
  };
  while (i < words.length) {
    if (at(/^\s+/)) continue;
    if (at(/^not\s+null\b/i)) column.nullable = false;
    else if (at(/^null\b/i)) column.nullable = true;
    else if (at(/^primary\s+key\b/i)) {
      column.primaryKey = true;
      column.nullable = false;
    } else if (at(/^auto_increment\b/i)) {
      column.autoIncrement = true;
      hints.push('mysql');
    } else if (at(/^autoincrement\b/i)) {
      column.autoIncrement = true;
      hints.push('sqlite');
    } else if (at(/^generated\s+(always|by\s+default)\s+as\s+identity(\s*\([^)]*\))?/i)) {
      column.autoIncrement = true;
      hints.push('postgres');
    } else if (at(/^unique(\s+key)?\b/i)) column.unique = true;
    else if (at(/^unsigned\b|^signed\b|^zerofill\b|^binary\b/i)) hints.push('mysql');
    else if (at(/^(character\s+set|charset|collate)\s+("[^"]*"|'[^']*'|[\w]+)/i)) continue;
    else if (at(/^comment\s+/i)) {
      const q = words.slice(i);
      if (!q.startsWith("'")) throw new SqlParseError(`the comment of "${name}" is not a quoted text`);
      const end = closingQuote(q, 0);
      column.comment = stringLiteral(q.slice(0, end + 1));
      i += end + 1;
    } else if (at(/^default\s+/i)) {
      const v = words.slice(i);
      let end: number;
      if (v.startsWith("'")) {
        end = closingQuote(v, 0) + 1;
        const cast = /^::[\w\s]+?(?=\s+(not|null|primary|unique|comment|check|references|on)\b|$)/i.exec(v.slice(end));
        if (cast) end += cast[0].length;
      } else if (v.startsWith('(')) {
        let depth = 0;
        end = v.length;
        for (let k = 0; k < v.length; k += 1) {
          if (v[k] === '(') depth += 1;
          else if (v[k] === ')') {
            depth -= 1;
            if (depth === 0) {
              end = k + 1;
              break;
            }
          }
        }
      } else {
        const word = /^[^\s]+(\s*\([^)]*\))?/.exec(v);
        end = word ? word[0].length : v.length;
      }
      column.default = parseDefault(v.slice(0, end));
      i += end;
    } else if (at(/^on\s+update\s+[\w()]+/i)) hints.push('mysql');
    else if (at(/^(check|references)\b/i)) {
      // A check or a foreign key: skip its text up to the next top-level keyword we know.
      const r = words.slice(i);
      const stop = /\s(not\s+null|null|default|unique|primary|comment)\b/i.exec(r);
      i += stop ? stop.index : r.length;
    } else if (at(/^[^\s]+/)) {
      // A word we do not read (a constraint name, a storage option): it changes nothing here.
    }
  }
  if (column.primaryKey && info.kind === 'int' && type === 'integer') column.autoIncrement ||= false;
  return { column, dialectHints: hints };
}

function columnNames(list: string): string[] {
  return splitTopLevel(list).map((part) => {
    const m = IDENT.exec(part.trim());
    return m ? unquote(m[0]) : part.trim();
  });
}

/**
 * Reads the first `CREATE TABLE` of the text (and, after it, PostgreSQL's `COMMENT ON` lines).
 * Throws a SqlParseError saying what is wrong when the text is not one.
 */
export function parseCreateTable(sql: string, dialect?: SqlDialect): SqlTable {
  const text = stripComments(sql);
  const head = /\bcreate\s+(?:temporary\s+|temp\s+|unlogged\s+)?table\s+(?:if\s+not\s+exists\s+)?/i.exec(text);
  if (!head) throw new SqlParseError('no CREATE TABLE statement found');
  const { name, rest } = readQualifiedName(text.slice(head.index + head[0].length));
  if (!rest.startsWith('(')) throw new SqlParseError(`CREATE TABLE ${name}: the column list is missing`);
  let depth = 0;
  let close = -1;
  for (let i = 0; i < rest.length; i += 1) {
    const c = rest[i];
    if (c === "'" || c === '"' || c === '`') i = closingQuote(rest, i);
    else if (c === '(') depth += 1;
    else if (c === ')') {
      depth -= 1;
      if (depth === 0) {
        close = i;
        break;
      }
    }
  }
  if (close < 0) throw new SqlParseError(`CREATE TABLE ${name}: a parenthesis is never closed`);
  const hints: SqlDialect[] = [];
  const columns: SqlColumn[] = [];
  const indexes: SqlTable['indexes'] = [];
  let primary: string[] = [];
  for (const part of splitTopLevel(rest.slice(1, close))) {
    const constraint = part.replace(/^constraint\s+\S+\s+/i, '');
    const keyed =
      /^(primary\s+key|unique(?:\s+(?:key|index))?|(?:fulltext\s+|spatial\s+)?(?:key|index)|foreign\s+key|check|exclude)\b\s*(?:[`"\w]+\s*)?(?:using\s+\w+\s*)?\(([\s\S]*)\)/i.exec(
        constraint,
      );
    if (keyed) {
      const kind = (keyed[1] as string).toLowerCase();
      const cols = columnNames(keyed[2] as string);
      if (kind.startsWith('primary')) primary = cols;
      else if (kind.startsWith('unique')) indexes.push({ columns: cols, unique: true });
      else if (/key|index/.test(kind) && !kind.startsWith('foreign')) {
        indexes.push({ columns: cols, unique: false });
        hints.push('mysql');
      }
      continue;
    }
    if (/^(foreign\s+key|check|exclude|constraint)\b/i.test(constraint)) continue;
    const { column, dialectHints } = readColumn(part);
    hints.push(...dialectHints);
    columns.push(column);
  }
  if (columns.length === 0) throw new SqlParseError(`CREATE TABLE ${name} has no columns`);
  for (const key of primary) {
    const column = columns.find((c) => c.name === key);
    if (column) {
      column.primaryKey = true;
      column.nullable = false;
    }
  }
  // One-column unique keys are the column's own flag.
  for (const index of indexes.filter((x) => x.unique && x.columns.length === 1)) {
    const column = columns.find((c) => c.name === index.columns[0]);
    if (column) column.unique = true;
  }
  const after = rest.slice(close + 1);
  const tableComment = /\bcomment\s*=?\s*('(?:[^'\\]|\\.|'')*')/i.exec(after.split(';')[0] ?? '');
  if (/\bengine\s*=|\bauto_increment\s*=|\bdefault\s+charset/i.test(after)) hints.push('mysql');
  if (/\bwithout\s+rowid\b|\bstrict\b/i.test(after)) hints.push('sqlite');
  // PostgreSQL's comments come as their own statements.
  let comment = tableComment ? stringLiteral(tableComment[1] as string) : undefined;
  for (const m of after.matchAll(/\bcomment\s+on\s+(table|column)\s+([^\s]+)\s+is\s+('(?:[^']|'')*')/gi)) {
    hints.push('postgres');
    const target = (m[2] as string).split('.').map(unquote);
    const value = stringLiteral(m[3] as string);
    if ((m[1] as string).toLowerCase() === 'table') comment = value;
    else {
      const column = columns.find((c) => c.name === target.at(-1));
      if (column) column.comment = value;
    }
  }
  if (/"/.test(text.slice(head.index, head.index + head[0].length + close + 10)) && !hints.includes('mysql')) {
    hints.push('postgres');
  }
  const guessed = (['mysql', 'postgres', 'sqlite'] as const)
    .map((d) => ({ d, n: hints.filter((h) => h === d).length }))
    .sort((a, b) => b.n - a.n)[0];
  return {
    name,
    dialect: dialect ?? (guessed && guessed.n > 0 ? guessed.d : 'sqlite'),
    columns,
    comment,
    indexes: indexes.filter((x) => !(x.unique && x.columns.length === 1)),
  };
}
