import type { Label } from '@backroom/contract';
import { badRequest } from '../../core/errors.js';
import { parentsFirst } from './dict-tree.js';

type Row = Record<string, unknown>;

/** Trimmed text, refused when nothing is left of it. */
export function requiredText(value: unknown, field: Label): string {
  const text = typeof value === 'string' ? value.trim() : '';
  if (text === '') throw badRequest('validation.required', { field });
  return text;
}

export function nullableId(value: unknown): number | null {
  return value === null || value === undefined ? null : Number(value);
}

/** Stored item rows with every parent before its children: the order a restore puts them back in. */
export function itemsParentsFirst(rows: readonly Row[]): Row[] {
  return parentsFirst(rows.map((row) => ({ row, id: Number(row.id), parentId: nullableId(row.parentId) }))).map(
    (node) => node.row,
  );
}
