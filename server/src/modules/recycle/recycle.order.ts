import { relationsOf } from './recycle.relations.js';

type Row = Record<string, unknown>;

/** Tables in an order where every table comes after the tables its rows refer to. */
export function orderTables(tables: readonly string[]): string[] {
  const pending = [...tables];
  const out: string[] = [];
  while (pending.length > 0) {
    const index = pending.findIndex((table) =>
      (relationsOf(table)?.references ?? []).every((ref) => ref.table === table || !pending.includes(ref.table)),
    );
    // A cycle between tables (none is declared) falls back to the recorded order.
    const [next] = pending.splice(index === -1 ? 0 : index, 1);
    out.push(next as string);
  }
  return out;
}

/** Rows of one table with parents before children (a tree's parentId). */
export function orderRows(table: string, rows: Row[]): Row[] {
  const declared = (relationsOf(table)?.references ?? []).filter((r) => r.table === table).map((r) => r.column);
  const selfColumns = declared.length > 0 ? declared : rows.some((r) => 'parentId' in r) ? ['parentId'] : [];
  if (selfColumns.length === 0) return rows;
  const pending = [...rows];
  const out: Row[] = [];
  while (pending.length > 0) {
    const waiting = new Set(pending.map((r) => Number(r.id)));
    const index = pending.findIndex((row) =>
      selfColumns.every((c) => row[c] === null || row[c] === undefined || !waiting.has(Number(row[c]))),
    );
    const [next] = pending.splice(index === -1 ? 0 : index, 1);
    out.push(next as Row);
  }
  return out;
}
