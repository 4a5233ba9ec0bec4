import type { DictData, DictDataItem } from '@backroom/contract';

/** A dictionary item as screens use it: the data map's item plus its type key (SPEC §3), nested. */
export type DictItem = DictDataItem & { type: string; children?: DictItem[] };

/** A choice for Select, TreeSelect, Radio or Cascader: the item's name and value, nested like the items. */
export type DictOption = { label: string; value: string | number; children?: DictOption[] };

type Node = { id: number; parentId: number | null };
export type TreeOf<T> = T & { children?: TreeOf<T>[] };

/**
 * Rows as a tree, in the order given among siblings (the server's orderNum order). A row whose
 * parent is not among them is a root. New objects: cached query data is never changed.
 */
export function buildTree<T extends Node>(rows: readonly T[]): TreeOf<T>[] {
  const ids = new Set(rows.map((r) => r.id));
  const children = new Map<number, T[]>();
  const roots: T[] = [];
  for (const row of rows) {
    if (row.parentId === null || row.parentId === row.id || !ids.has(row.parentId)) roots.push(row);
    else {
      const list = children.get(row.parentId);
      if (list) list.push(row);
      else children.set(row.parentId, [row]);
    }
  }
  const seen = new Set<number>();
  const build = (list: readonly T[]): TreeOf<T>[] =>
    list
      .filter((row) => !seen.has(row.id))
      .map((row) => {
        seen.add(row.id);
        const below = build(children.get(row.id) ?? []);
        return below.length > 0 ? { ...row, children: below } : { ...row };
      });
  return build(roots);
}

/** Every id below the given one (not the id itself). */
export function descendantIds(rows: readonly Node[], id: number): Set<number> {
  const out = new Set<number>();
  const stack = [id];
  while (stack.length > 0) {
    const current = stack.pop() as number;
    for (const row of rows) {
      if (row.parentId === current && !out.has(row.id) && row.id !== id) {
        out.add(row.id);
        stack.push(row.id);
      }
    }
  }
  return out;
}

/** The items of one type from the data map, flat and in order, each with its type key. */
export function dictItemsOf(data: DictData | undefined, type: string): DictItem[] {
  return (data?.[type] ?? []).map((item) => ({
    ...item,
    type,
    // The server answers the id for an empty value; an older one might not.
    value: item.value === null || item.value === undefined || item.value === '' ? item.id : item.value,
  }));
}

export function dictOptions(tree: readonly DictItem[]): DictOption[] {
  return tree.map((item) =>
    item.children && item.children.length > 0
      ? { label: item.name, value: item.value, children: dictOptions(item.children) }
      : { label: item.name, value: item.value },
  );
}

/**
 * The name of the item holding a value; values compare as text, so a stored 1 finds "1". A list
 * of values gives their names joined; an unknown value shows as itself, an empty one as ''.
 */
export function dictLabel(items: readonly DictItem[], value: unknown, separator = ', '): string {
  if (value === null || value === undefined || value === '') return '';
  if (Array.isArray(value)) {
    return value
      .map((v) => dictLabel(items, v, separator))
      .filter((text) => text !== '')
      .join(separator);
  }
  const wanted = String(value);
  return items.find((item) => String(item.value) === wanted)?.name ?? wanted;
}

/** The tree cut to the rows that match and the rows above them (a search shows where a match sits). */
export function filterTree<T>(tree: readonly TreeOf<T>[], matches: (row: T) => boolean): TreeOf<T>[] {
  const out: TreeOf<T>[] = [];
  for (const row of tree) {
    const children = filterTree(row.children ?? [], matches);
    if (matches(row) || children.length > 0)
      out.push(children.length > 0 ? { ...row, children } : { ...row, children: undefined });
  }
  return out;
}

/** The order number a new item under this parent gets: after its last sibling. */
export function nextOrderNum(rows: readonly { parentId: number | null; orderNum: number }[], parentId: number | null) {
  const siblings = rows.filter((r) => r.parentId === parentId);
  return siblings.length === 0 ? 1 : Math.max(...siblings.map((r) => r.orderNum)) + 1;
}
