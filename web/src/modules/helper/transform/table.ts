import { ERRORS, TransformError } from './errors';

/** A cell of a flat table: what a CSV field or a spreadsheet cell can hold. */
export type Cell = string | number | boolean | null;
/** A table: its column names (dotted paths into the objects) and its rows, one cell per column. */
export type Table = { readonly columns: string[]; readonly rows: Cell[][] };

/** More columns than a sheet (16,384) or a reader can use means the JSON is not a table. */
export const MAX_COLUMNS = 16_384;

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Turns JSON into rows: an array of objects is a row each, a lone object one row, an array of
 * anything else a row each in a column `value`. Nested objects and arrays become dotted columns
 * (`address.city`, `tags.0`), in the order the keys first appear; an empty object or array keeps
 * its JSON (`{}`, `[]`) so nothing is silently dropped. unflattenRow is the way back.
 */
export function flattenJson(data: unknown): Table {
  const items = Array.isArray(data) ? data : [data];
  if (!Array.isArray(data) && !isPlainObject(data)) throw new TransformError(ERRORS.jsonNotRows);
  const columns = new Map<string, number>();
  const flatRows = items.map((item) => {
    const row = new Map<string, Cell>();
    const visit = (value: unknown, path: string) => {
      if (Array.isArray(value) || isPlainObject(value)) {
        const entries = Array.isArray(value) ? value.map((v, i) => [String(i), v] as const) : Object.entries(value);
        if (entries.length === 0 && path !== '') {
          row.set(path, Array.isArray(value) ? '[]' : '{}');
          return;
        }
        for (const [key, child] of entries) visit(child, path === '' ? key : `${path}.${key}`);
        return;
      }
      row.set(path === '' ? 'value' : path, value as Cell);
    };
    visit(item, '');
    for (const key of row.keys()) if (!columns.has(key)) columns.set(key, columns.size);
    return row;
  });
  if (columns.size > MAX_COLUMNS)
    throw new TransformError(ERRORS.tooManyColumns, { count: columns.size, max: MAX_COLUMNS });
  const names = [...columns.keys()];
  return {
    columns: names,
    rows: flatRows.map((row) => names.map((name) => (row.has(name) ? (row.get(name) ?? null) : null))),
  };
}

/** Checks a header read from a file: names present and distinct. */
export function checkHeader(columns: readonly string[]): void {
  const seen = new Set<string>();
  columns.forEach((name, i) => {
    if (name.trim() === '') throw new TransformError(ERRORS.headerEmpty, { column: i + 1 });
    if (seen.has(name)) throw new TransformError(ERRORS.headerDuplicate, { name });
    seen.add(name);
  });
}

/**
 * Builds an object back from a flat row whose column names are dotted paths: `address.city`
 * nests, a run of numeric segments (`tags.0`, `tags.1`) makes an array. Cells that are absent
 * (undefined) leave their key out. With `nest` false every column stays a key of its own.
 */
export function unflattenRow(columns: readonly string[], cells: readonly (Cell | undefined)[], nest = true) {
  const root: Record<string, unknown> = {};
  const overlaps = nest ? overlapping(columns) : new Set<string>();
  columns.forEach((column, i) => {
    const cell = cells[i];
    // `tags` (an empty list, `[]`) and `tags.0` are both columns when rows differ: each row fills one.
    if (cell === undefined || ((cell === null || cell === '') && overlaps.has(column))) return;
    const path = nest ? column.split('.') : [column];
    let node: Record<string, unknown> = root;
    path.forEach((key, depth) => {
      const last = depth === path.length - 1;
      const existing = Object.hasOwn(node, key) ? node[key] : undefined;
      if (last) {
        if (existing !== undefined)
          throw new TransformError(ERRORS.headerConflict, { name: column, other: path.slice(0, depth + 1).join('.') });
        define(node, key, cell);
        return;
      }
      if (existing === undefined) {
        const child = {};
        define(node, key, child);
        node = child;
      } else if (isPlainObject(existing)) node = existing;
      else throw new TransformError(ERRORS.headerConflict, { name: column, other: path.slice(0, depth + 1).join('.') });
    });
  });
  return toArrays(root) as Record<string, unknown>;
}

/** The columns that are a path inside another column, or have one inside them. */
function overlapping(columns: readonly string[]): Set<string> {
  const names = new Set(columns);
  const found = new Set<string>();
  for (const column of columns) {
    const parts = column.split('.');
    for (let depth = 1; depth < parts.length; depth++) {
      const ancestor = parts.slice(0, depth).join('.');
      if (names.has(ancestor)) {
        found.add(ancestor);
        found.add(column);
      }
    }
  }
  return found;
}

/** Sets a key as an own property: a column named `__proto__` is data, never the prototype. */
function define(node: Record<string, unknown>, key: string, value: unknown) {
  Object.defineProperty(node, key, { value, enumerable: true, writable: true, configurable: true });
}

/** Objects whose keys are exactly 0..n-1 become arrays, from the leaves up. */
function toArrays(value: unknown): unknown {
  if (!isPlainObject(value)) return value;
  const keys = Object.keys(value);
  for (const key of keys) value[key] = toArrays(value[key]);
  if (keys.length > 0 && keys.every((key, i) => key === String(i))) return keys.map((key) => value[key]);
  return value;
}

/** The JSON text of a flat value read back from a cell that held an empty object or array. */
export function restoreEmpty(cell: Cell): Cell | [] | Record<string, never> {
  if (cell === '[]') return [];
  if (cell === '{}') return {};
  return cell;
}
