import { AUDIT_VALUE_MAX, type Column, type Entity, type StoredChange } from '@backroom/contract';
import { maskValue } from './crud/masking.js';

type Row = Record<string, unknown>;

/*
 * What an audit event keeps of a record's fields (docs/architecture.md, "History"): only the
 * fields that changed, each value cut at AUDIT_VALUE_MAX characters; a secret never, only that it
 * changed; a sensitive column's values masked as every answer shows them.
 */

/** Names of values that are never stored, however the column is declared. */
const SECRET_NAME = /^(password|pass|passwordHash)$|token|secret|totp|recovery|packagedata|apikey|privatekey|^config$/i;
const PREFERRED_NAMES = ['customerName', 'activityName', 'nickName', 'title'];
/** Columns that are not the record's own data. */
const SKIPPED = new Set(['id', 'createTime', 'updateTime', 'passwordV', 'tenantId']);

/** A column whose values an event never holds: a password hash, a 2FA secret, a package, a plugin's config. */
export function isSecret(name: string, column: Column | undefined): boolean {
  if (SECRET_NAME.test(name)) return true;
  // A hidden text is the server's own (a hash, a sealed secret); a hidden number is a reference (the uploader).
  return column?.hidden === true && column.kind !== 'int' && column.kind !== 'bigint';
}

/** One value as every database reads it back, so that a stored 1 and a written true compare equal. */
function canonical(column: Column | undefined, value: unknown): unknown {
  if (value === undefined || value === null || value === '') return null;
  if (!column) return typeof value === 'object' ? JSON.stringify(value) : value;
  switch (column.kind) {
    case 'bool':
      return value === true || value === 1 || value === '1' || value === 't' ? 1 : 0;
    case 'int':
    case 'bigint':
    case 'decimal': {
      const n = Number(value);
      return Number.isFinite(n) ? n : String(value);
    }
    case 'json':
      return typeof value === 'string' ? value : JSON.stringify(value);
    default:
      return value instanceof Date ? value.toISOString() : String(value);
  }
}

/** A value cut to AUDIT_VALUE_MAX characters (a longer text ends in `…`). */
export function cutValue(value: unknown): unknown {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number' || typeof value === 'boolean') return value;
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return text.length > AUDIT_VALUE_MAX ? `${text.slice(0, AUDIT_VALUE_MAX)}…` : text;
}

function changeOf(name: string, column: Column | undefined, before: unknown, after: unknown): StoredChange {
  if (isSecret(name, column)) return { f: name, w: 1 };
  if (column?.sensitive) {
    const o = maskValue(column.sensitive, before);
    const n = maskValue(column.sensitive, after);
    return { f: name, ...(o === null ? {} : { o: cutValue(o) }), ...(n === null ? {} : { n: cutValue(n) }), m: 1 };
  }
  const o = cutValue(before);
  const n = cutValue(after);
  return { f: name, ...(o === null ? {} : { o }), ...(n === null ? {} : { n }) };
}

/**
 * The fields `written` changes in `stored` (both as the database holds them), in the declaration's
 * order; fields that are not columns (a user's roleIdList) count as changed when given.
 */
export function changesOf(entity: Entity, stored: Row, written: Row, beside: Row = {}): StoredChange[] {
  const out: StoredChange[] = [];
  for (const [name, column] of Object.entries(entity.columns)) {
    if (SKIPPED.has(name) || !(name in written)) continue;
    const before = canonical(column, stored[name]);
    const after = canonical(column, written[name]);
    if (before !== after) out.push(changeOf(name, column, before, after));
  }
  for (const [name, value] of Object.entries(beside)) {
    if (value === undefined || name in entity.columns || SKIPPED.has(name)) continue;
    out.push(changeOf(name, undefined, undefined, canonical(undefined, value)));
  }
  return out;
}

/** A new record's fields: every one given a value. */
export function addedOf(entity: Entity, stored: Row): StoredChange[] {
  return changesOf(entity, {}, stored);
}

/**
 * The record's name as its screen titles it (web/src/core/crud/record-name.ts): a required
 * `name` (or a customer's, an activity's name, an app user's nickname), else the first unique text
 * column, else the first required text column, else `#id`.
 */
export function recordNameOf(entity: Entity, row: Row, id: number): string {
  const column = nameColumnOf(entity);
  const value = column === undefined ? undefined : row[column];
  return typeof value === 'string' && value.trim() !== '' ? value.slice(0, 200) : `#${id}`;
}

/** The column that names an entity's records, chosen once per entity (a declaration does not change). */
const nameColumns = new WeakMap<Entity, { column: string | undefined }>();

function nameColumnOf(entity: Entity): string | undefined {
  const known = nameColumns.get(entity);
  if (known) return known.column;
  const text = Object.entries(entity.columns).filter(
    ([, c]) => c.kind === 'string' && c.values === undefined && !c.hidden && c.sensitive === undefined,
  );
  // The names the screens show before a code (a customer's name, an activity's, an app user's nickname).
  const named =
    text.find(([key, c]) => key === 'name' && !c.nullable) ?? text.find(([key]) => PREFERRED_NAMES.includes(key));
  const column = (named ?? text.find(([, c]) => c.unique) ?? text.find(([, c]) => !c.nullable))?.[0];
  nameColumns.set(entity, { column });
  return column;
}
