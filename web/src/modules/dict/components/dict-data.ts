import {
  buildTree,
  type DictData,
  type DictDataItem,
  dropEmptyChildren,
  mapTree,
  type TableNode,
  type TreeRow,
} from '@backroom/contract';

/** A dictionary item as screens use it: the data map's item plus its type key (docs/spec.md §3), nested. */
export type DictItem = DictDataItem & { type: string; children?: DictItem[] };

/** A choice for Select, TreeSelect, Radio or Cascader: the item's name and value, nested like the items. */
export type DictOption = { label: string; value: string | number; children?: DictOption[] };

/**
 * Rows as a tree for a table or a select, in the order given among siblings (the server's orderNum
 * order); leaves carry no `children`. New objects: cached query data is never changed.
 */
export function itemTree<T extends TreeRow>(rows: readonly T[]): TableNode<T>[] {
  return dropEmptyChildren(buildTree(rows));
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
  return mapTree<DictItem, DictOption>(tree, (item, children) =>
    children.length > 0 ? { label: item.name, value: item.value, children } : { label: item.name, value: item.value },
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

/** The order number a new item under this parent gets: after its last sibling. */
export function nextOrderNum(rows: readonly { parentId: number | null; orderNum: number }[], parentId: number | null) {
  const siblings = rows.filter((r) => r.parentId === parentId);
  return siblings.length === 0 ? 1 : Math.max(...siblings.map((r) => r.orderNum)) + 1;
}
