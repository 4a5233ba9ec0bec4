import { dictInfo } from '@backroom/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import type { UseDictLookup } from '../../../core/dictionaries';
import { call } from '../../../core/request';
import { type DictItem, type DictOption, dictItemsOf, dictLabel, dictOptions, itemTree } from '../components/dict-data';

/** The one cached dict/info/data call every useDict shares (all types at once). */
export const DICT_DATA_KEY = ['dict', 'data'] as const;

/** Dictionaries change rarely; edits on the dictionary screen refresh them at once. */
const STALE_MS = 5 * 60_000;

export function useDictData(enabled = true) {
  return useQuery({
    queryKey: DICT_DATA_KEY,
    queryFn: () => call(dictInfo.api.data, { types: [] }),
    staleTime: STALE_MS,
    enabled,
  });
}

/** Call after a dictionary changed: every screen using useDict reloads its labels and options. */
export function useInvalidateDict() {
  const queryClient = useQueryClient();
  return useCallback(() => queryClient.invalidateQueries({ queryKey: DICT_DATA_KEY }), [queryClient]);
}

export type DictView = {
  /** Choices for a Select or TreeSelect: `{label, value, children?}` in orderNum order. */
  options: DictOption[];
  /** The name of the item with this value (or values), the value itself when unknown. */
  label: (value: unknown) => string;
  /** The type's items, flat, each with its `type`. */
  items: DictItem[];
  /** The same items nested by parentId. */
  tree: DictItem[];
  loading: boolean;
};

/**
 * A dictionary by its type key, for other screens: `const goodsType = useDict('goodsType')`, then
 * `<Select options={goodsType.options} />` and `goodsType.label(row.type)`. Any signed-in user may
 * read dictionaries; all types come in one cached call.
 */
export function useDict(type: string): DictView {
  const query = useDictData();
  const items = useMemo(() => dictItemsOf(query.data, type), [query.data, type]);
  return useMemo(() => {
    const tree = itemTree(items);
    return {
      options: dictOptions(tree),
      label: (value: unknown) => dictLabel(items, value),
      items,
      tree,
      loading: query.isLoading,
    };
  }, [items, query.isLoading]);
}

/**
 * The dictionaries as core's derived screens read them (registered in the module's index): the
 * choices and the names of any type, from the same cached call as useDict.
 */
export const useDictLookup: UseDictLookup = (enabled) => {
  const query = useDictData(enabled);
  return useMemo(
    () => ({
      options: (type: string) => dictOptions(itemTree(dictItemsOf(query.data, type))),
      label: (type: string, value: unknown) => dictLabel(dictItemsOf(query.data, type), value),
    }),
    [query.data],
  );
};
