import { buildTree, flattenByLevel, type Label } from '@backroom/contract';
import { badRequest } from '../../core/errors.js';

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
  // Level by level: the chosen items, then what was right below them, and so on (the recycle record's order).
  // Rows of a stored cycle become roots, so none is lost.
  const tree = buildTree(rows.map((row) => ({ row, id: Number(row.id), parentId: nullableId(row.parentId) })));
  return flattenByLevel(tree).map(({ node }) => node.row);
}
