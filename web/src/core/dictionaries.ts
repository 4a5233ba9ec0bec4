import {
  buildTree,
  type DictData,
  type DictDataItem,
  dropEmptyChildren,
  type Locale,
  mapTree,
  parseLocale,
  type TableNode,
  type TreeRow,
} from '@backroom/contract';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { dictApi } from './endpoint-refs';
import { call } from './request';

/*
 * Reading the dictionaries (dict/info/data), for any screen: the dict module's useDict and the
 * screens core derives from a declaration (a column that names a `dict`) read the same cached
 * call. The dict module manages them; reading them is shared, so it lives here.
 */

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

/**
 * The items of one type from the data map, flat and in order, each with its type key and named in
 * the language given (its label there; the name the server sent when it has none).
 */
export function dictItemsOf(data: DictData | undefined, type: string, locale?: Locale): DictItem[] {
  return (data?.[type] ?? []).map((item) => ({
    ...item,
    type,
    name: (locale !== undefined ? item.labels?.[locale] : undefined) ?? item.name,
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

/** The one cached dict/info/data call every reader shares (all types at once). */
export const DICT_DATA_KEY = ['dict', 'data'] as const;

/** Dictionaries change rarely; edits on the dictionary screen refresh them at once. */
const STALE_MS = 5 * 60_000;

/** The whole data map; `enabled` false asks nothing of the server. */
export function useDictData(enabled = true) {
  return useQuery({
    queryKey: DICT_DATA_KEY,
    queryFn: () => call(dictApi.data, { types: [] }),
    staleTime: STALE_MS,
    enabled,
  });
}

/** Any type's choices and the name of any value, as a screen derived from a declaration reads them. */
export type DictLookup = {
  /** The type's items as choices, nested, in order. */
  options: (type: string) => DictOption[];
  /** The name of the item holding a value; the value itself when unknown. */
  label: (type: string, value: unknown) => string;
};

export function useDictLookup(enabled: boolean): DictLookup {
  const query = useDictData(enabled);
  const locale = useLocale();
  return useMemo(
    () => ({
      options: (type) => dictOptions(itemTree(dictItemsOf(query.data, type, locale))),
      label: (type, value) => dictLabel(dictItemsOf(query.data, type, locale), value),
    }),
    [query.data, locale],
  );
}

/** The UI language, re-rendering on a switch: the data map holds every language's labels, so no call is made. */
export function useLocale(): Locale {
  return parseLocale(useTranslation().i18n.language);
}
