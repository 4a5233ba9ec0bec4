import type { Column, Entity, JoinedField, Label, Locale } from '@backroom/contract';
import { col, dictItemLabel, LOCALES, ownValue } from '@backroom/contract';
import type { CellValue } from 'exceljs';
import { formatTime, type LooseDb } from '../db/index.js';

/**
 * exceljs, with the zip and XML libraries under it, loaded by the first Excel call rather than at
 * every start: a server that never exports holds none of it (about 8 MB of idle memory).
 */
export const loadExcelJS = async () => (await import('exceljs')).default;

/** A value as a spreadsheet cell holds it once read: text, a number, a boolean, or nothing. */
export type Plain = string | number | boolean | null;

/**
 * Dictionary items by dictionary key: value → label in the request's language, and what a person
 * may type (the item's name, its label in any UI language, or its value) → value.
 */
export type Dictionaries = ReadonlyMap<string, { names: Map<string, string>; values: Map<string, string> }>;

type DictRow = {
  key: string;
  id: number;
  name: string;
  nameZhCn: string | null;
  nameZhTw: string | null;
  nameEn: string | null;
  value: string | null;
};

/** The items of the dictionaries these columns are labelled by (none when no column names one), labelled in `locale`. */
export async function readDictionaries(db: LooseDb, columns: readonly Column[], locale: Locale): Promise<Dictionaries> {
  const keys = [...new Set(columns.map((c) => c.dict).filter((k): k is string => k !== undefined))];
  const out = new Map<string, { names: Map<string, string>; values: Map<string, string> }>();
  if (keys.length === 0) return out;
  const rows = await db
    .selectFrom('dict_info as i')
    .innerJoin('dict_type as t', 't.id', 'i.typeId')
    .select(['t.key as key', 'i.id as id', 'i.name as name', 'i.value as value'])
    .select(['i.nameZhCn as nameZhCn', 'i.nameZhTw as nameZhTw', 'i.nameEn as nameEn'])
    .where('t.key', 'in', keys)
    .orderBy('i.orderNum')
    .orderBy('i.id')
    .execute();
  for (const key of keys) out.set(key, { names: new Map(), values: new Map() });
  const items = (rows as DictRow[]).map((row) => ({
    row,
    dict: out.get(row.key),
    // An item's value defaults to its id when empty (docs/spec.md §3 DictInfo).
    value: row.value === null || row.value === '' ? String(row.id) : row.value,
  }));
  const others = LOCALES.filter((l) => l !== locale);
  // Where two items share a word, the request's language wins over the others, and a value over any word.
  const passes: Array<(row: DictRow) => string[]> = [
    (row) => [row.name, ...others.map((l) => dictItemLabel(row, l))],
    (row) => [dictItemLabel(row, locale)],
  ];
  for (const words of passes) {
    for (const { row, dict, value } of items) for (const word of words(row)) dict?.values.set(word.trim(), value);
  }
  for (const { row, dict, value } of items) {
    dict?.values.set(value, value);
    if (dict && !dict.names.has(value)) dict.names.set(value, dictItemLabel(row, locale));
  }
  return out;
}

/** A text a spreadsheet would read as a formula when typed in or pasted: it starts with = + - @, a tab or CR. */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * Text for a cell: written as a text cell (exceljs never turns a string into a formula), and a text
 * that would start a formula once edited or copied gets a leading apostrophe, so a spreadsheet
 * never evaluates what a client typed (`=HYPERLINK(...)`).
 */
export function safeText(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

/** The apostrophe safeText added, taken away again when such a file comes back as an import. */
function unquote(text: string): string {
  return text.startsWith("'") && FORMULA_START.test(text.slice(1)) ? text.slice(1) : text;
}

const YES: Label = { 'zh-cn': '是', 'zh-tw': '是', en: 'Yes' };
const NO: Label = { 'zh-cn': '否', 'zh-tw': '否', en: 'No' };

/** How an export writes a column's wire value: enum and dictionary values as their words, in the request's language. */
export function exportCell(
  column: Column,
  value: unknown,
  locale: Locale,
  dicts: Dictionaries,
): string | number | null {
  if (value === null || value === undefined) return null;
  if (column.valueLabels) {
    const word = ownValue(column.valueLabels, String(value));
    if (word) return safeText(word[locale]);
  }
  if (column.dict) {
    const name = dicts.get(column.dict)?.names.get(String(value));
    if (name !== undefined) return safeText(name);
  }
  switch (column.kind) {
    case 'bool':
      return (value ? YES : NO)[locale];
    case 'int':
    case 'bigint':
    case 'decimal':
      return typeof value === 'number' ? value : safeText(String(value));
    case 'json':
      return safeText(JSON.stringify(value));
    default:
      return safeText(String(value));
  }
}

/**
 * What a read cell holds, as plain text, number or boolean: a formula cell gives its stored result
 * (never evaluated by us; its formula text when it has none), rich text its characters, a link its
 * text, a date its `YYYY-MM-DD HH:mm:ss`, an error cell nothing.
 */
export function plainOf(value: CellValue | undefined): Plain {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return value;
  if (value instanceof Date) return formatTime(value);
  if (typeof value === 'object') {
    if ('richText' in value && Array.isArray(value.richText)) return value.richText.map((r) => r.text).join('');
    if ('formula' in value || 'sharedFormula' in value) {
      const result = (value as { result?: CellValue }).result;
      if (result !== undefined && result !== null && !(typeof result === 'object' && 'error' in result)) {
        return plainOf(result);
      }
      const formula = (value as { formula?: string }).formula;
      return formula ? `=${formula}` : null;
    }
    if ('text' in value && typeof value.text === 'string') return value.text;
    if ('error' in value) return null;
  }
  return String(value);
}

export type Parsed = { ok: true; value: unknown } | { ok: false; problem: 'type' | 'dict'; text: string };

/** Every word of an enum value in every language, and its value itself, to the value. */
function enumLookup(column: Column): Map<string, string | number> {
  const out = new Map<string, string | number>();
  for (const value of column.values ?? []) {
    out.set(String(value), value);
    const words = column.valueLabels?.[String(value)];
    if (words) for (const locale of LOCALES) out.set(words[locale].trim().toLowerCase(), value);
  }
  return out;
}

const lookups = new WeakMap<Column, Map<string, string | number>>();

/**
 * A cell of an import as the column's wire value, before the entity's schema checks it: enum
 * words (any language) and dictionary names read as their values, numbers from numeric text, text
 * from numbers (a phone typed as a number), booleans from 是/否/yes/no/1/0. Empty cells are undefined.
 */
export function importValue(column: Column, cell: Plain, dicts: Dictionaries): Parsed | undefined {
  if (cell === null) return undefined;
  const text = typeof cell === 'string' ? unquote(cell.trim()) : String(cell);
  if (text === '') return undefined;
  if (column.values) {
    let lookup = lookups.get(column);
    if (!lookup) {
      lookup = enumLookup(column);
      lookups.set(column, lookup);
    }
    const value = lookup.get(text.toLowerCase());
    return value === undefined ? { ok: false, problem: 'dict', text } : { ok: true, value };
  }
  if (column.dict) {
    const value = dicts.get(column.dict)?.values.get(text);
    return value === undefined ? { ok: false, problem: 'dict', text } : { ok: true, value };
  }
  switch (column.kind) {
    case 'int':
    case 'bigint':
    case 'decimal': {
      const value = typeof cell === 'number' ? cell : Number(text);
      return text !== '' && Number.isFinite(value) ? { ok: true, value } : { ok: false, problem: 'type', text };
    }
    case 'bool': {
      const lower = text.toLowerCase();
      if (cell === true || ['1', 'true', 'yes', '是', 'y'].includes(lower)) return { ok: true, value: true };
      if (cell === false || ['0', 'false', 'no', '否', 'n'].includes(lower)) return { ok: true, value: false };
      return { ok: false, problem: 'type', text };
    }
    case 'json':
      try {
        return { ok: true, value: JSON.parse(text) };
      } catch {
        return { ok: false, problem: 'type', text };
      }
    default:
      return { ok: true, value: text };
  }
}

/** The words a person may type in a column of the template: enum words and dictionary names. */
export function allowedWords(column: Column, locale: Locale, dicts: Dictionaries): string[] | null {
  if (column.values) return column.values.map((v) => column.valueLabels?.[String(v)]?.[locale] ?? String(v));
  if (column.dict) return [...(dicts.get(column.dict)?.names.values() ?? [])];
  if (column.kind === 'bool') return [YES[locale], NO[locale]];
  return null;
}

/** A column's letters in a sheet: 0 → A, 25 → Z, 26 → AA. */
export function columnLetter(index: number): string {
  let n = index + 1;
  let out = '';
  while (n > 0) {
    const rest = (n - 1) % 26;
    out = String.fromCharCode(65 + rest) + out;
    n = Math.floor((n - 1) / 26);
  }
  return out;
}

/** The entity's columns by name, for the names an excel option lists (all are visible columns). */
/** A joined field as a read-only text or number column of a file. */
function joinedColumn(field: JoinedField): Column {
  const base =
    field.type === 'number'
      ? col.decimal({ label: field.label, nullable: true })
      : col.string({ label: field.label, max: 2000, nullable: true });
  return base as unknown as Column;
}

export function columnsOf(entity: Entity, names: readonly string[]): Array<[string, Column]> {
  return names.map((name) => {
    const joined = (entity.joined as Record<string, JoinedField | undefined>)[name];
    // A joined field (an export-only file's) is written as page answers it: text, masked there already.
    const column = entity.columns[name] ?? (joined ? joinedColumn(joined) : undefined);
    if (!column) throw new Error(`${entity.prefix}: excel column ${name} is not declared`);
    return [name, column];
  });
}

/**
 * The owner column of an owned entity (ownership.owner) in a file: a staff user, written as
 * `name (username)` (the username alone when they have no name), read back from that form, a
 * username or a staff number (the staff number is the username: base_sys_user has no other).
 */
export const ownerCellOf = (user: { name: string | null; username: string }): string =>
  safeText(user.name ? `${user.name} (${user.username})` : user.username);

/** The username an owner cell names. */
export function ownerUsernameOf(text: string): string {
  const named = /\(([^()]+)\)\s*$/.exec(text);
  return (named?.[1] ?? text).trim();
}

/** Staff users by id, for the owner column of an export. */
export async function staffByIds(
  db: LooseDb,
  ids: readonly number[],
): Promise<Map<number, { name: string | null; username: string }>> {
  const out = new Map<number, { name: string | null; username: string }>();
  const unique = [...new Set(ids)];
  for (let i = 0; i < unique.length; i += 500) {
    const rows = (await db
      .selectFrom('base_sys_user')
      .select(['id', 'name', 'username'])
      .where('id', 'in', unique.slice(i, i + 500))
      .execute()) as Array<{ id: number; name: string | null; username: string }>;
    for (const row of rows) out.set(Number(row.id), { name: row.name, username: row.username });
  }
  return out;
}

/** Staff ids by username, for the owner column of an import (a username taken twice is ambiguous). */
export async function staffByUsernames(db: LooseDb, usernames: readonly string[]): Promise<Map<string, number[]>> {
  const out = new Map<string, number[]>();
  const unique = [...new Set(usernames)];
  for (let i = 0; i < unique.length; i += 500) {
    const rows = (await db
      .selectFrom('base_sys_user')
      .select(['id', 'username'])
      .where('username', 'in', unique.slice(i, i + 500))
      .execute()) as Array<{ id: number; username: string }>;
    for (const row of rows) {
      // MySQL's collation ignores case: the key is the username as the file wrote it, when it matches.
      const key = unique.find((u) => u.toLowerCase() === row.username.toLowerCase()) ?? row.username;
      out.set(key, [...(out.get(key) ?? []), Number(row.id)]);
    }
  }
  return out;
}

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** `attachment` with the name in UTF-8 (RFC 6266) and a plain fallback. */
export function attachment(name: string): string {
  const plain = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${plain}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/** The sheet name Excel accepts: at most 31 characters, none of : \ / ? * [ ]. */
export const sheetName = (text: string) => text.replace(/[:\\/?*[\]]/g, ' ').slice(0, 31);
