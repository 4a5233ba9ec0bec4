import { describe, expect, it } from 'vitest';
import { SEARCH_FORM_MAX_ITEMS, searchFormItems } from './search-form';

describe('the search form', () => {
  it('shows at most 999 items, the first ones in order', () => {
    expect(SEARCH_FORM_MAX_ITEMS).toBe(999);
    const many = Array.from({ length: 1200 }, (_, i) => i);
    const shown = searchFormItems(many);
    expect(shown).toHaveLength(999);
    expect(shown[0]).toBe(0);
    expect(shown.at(-1)).toBe(998);
    expect(searchFormItems([1, 2, 3])).toEqual([1, 2, 3]);
    expect(searchFormItems(undefined)).toEqual([]);
  });
});
