import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import {
  DICT_DATA_KEY,
  type DictItem,
  type DictOption,
  dictItemsOf,
  dictLabel,
  dictOptions,
  itemTree,
  useDictData,
  useLocale,
} from '../../../core/dictionaries';

export { DICT_DATA_KEY, useDictData };

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
  const locale = useLocale();
  const items = useMemo(() => dictItemsOf(query.data, type, locale), [query.data, type, locale]);
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
