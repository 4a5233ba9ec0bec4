import { type DictType, dictInfo, filterTree } from '@backroom/contract';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { toggled } from '../../../core/crud/parts';
import { itemTree } from '../../../core/dictionaries';
import { call } from '../../../core/request';
import { itemsKey } from './use-dict-types';

/**
 * One type's items as the screen shows them: the tree, cut to a keyword (a match shows with the
 * rows above it), and which rows are open. Every item starts open; the ones the user folds stay
 * folded; a search opens everything.
 */
export function useItemTree(type: DictType) {
  const [keyword, setKeyword] = useState('');
  const [collapsed, setCollapsed] = useState<ReadonlySet<number>>(new Set());

  const query = useQuery({
    queryKey: itemsKey(type.id),
    queryFn: () => call(dictInfo.api.list, { typeId: type.id }),
  });
  const rows = useMemo(() => query.data ?? [], [query.data]);
  const tree = useMemo(() => itemTree(rows), [rows]);
  const word = keyword.trim().toLowerCase();
  const shown = useMemo(
    () =>
      word
        ? filterTree(tree, (r) => r.name.toLowerCase().includes(word) || (r.value ?? '').toLowerCase().includes(word))
        : tree,
    [tree, word],
  );
  const parentIds = useMemo(() => rows.filter((r) => rows.some((c) => c.parentId === r.id)).map((r) => r.id), [rows]);
  const expandedKeys = word ? parentIds : parentIds.filter((id) => !collapsed.has(id));
  const allExpanded = parentIds.length > 0 && expandedKeys.length === parentIds.length;

  const toggle = (id: number, expanded: boolean) => setCollapsed((current) => toggled(current, id, !expanded));
  const toggleAll = () => setCollapsed(allExpanded ? new Set(parentIds) : new Set());
  /** Opens a row so what was just put below it shows. */
  const open = (id: number) => toggle(id, true);

  return { query, rows, shown, keyword, setKeyword, parentIds, expandedKeys, allExpanded, toggle, toggleAll, open };
}

export type ItemTree = ReturnType<typeof useItemTree>;
