import type { DbKind } from '../config.js';

/** A table's or column's name quoted for the dialect. */
export function quote(kind: DbKind, name: string): string {
  return kind === 'mysql' ? `\`${name.replace(/`/g, '``')}\`` : `"${name.replace(/"/g, '""')}"`;
}

/** A default value as SQL text. */
export function literal(kind: DbKind, value: string | number | boolean): string {
  if (typeof value === 'boolean') return kind === 'postgres' ? String(value) : value ? '1' : '0';
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new Error(`default ${value} cannot be written as SQL`);
    return String(value);
  }
  return `'${value.replace(/'/g, "''")}'`;
}
