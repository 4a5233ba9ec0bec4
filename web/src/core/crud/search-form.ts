/** The most items a screen's search form shows (docs/spec.md §9): filters past it are left out. */
export const SEARCH_FORM_MAX_ITEMS = 999;

/** The items the search form shows: the first SEARCH_FORM_MAX_ITEMS, in the screen's order. */
export function searchFormItems<T>(items: readonly T[] | undefined): readonly T[] {
  if (!items) return [];
  return items.length > SEARCH_FORM_MAX_ITEMS ? items.slice(0, SEARCH_FORM_MAX_ITEMS) : items;
}
