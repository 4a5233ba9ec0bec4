import { describe, expect, it } from 'vitest';
import { openingType } from './use-dict-types';

describe('the dictionary type the screen opens on', () => {
  const types = [{ id: 4 }, { id: 7 }, { id: 9 }];

  it('is the first type that has entries, not an empty one listed before it', () => {
    expect(openingType(types, new Set([9, 7]))).toEqual({ id: 7 });
  });

  it('is the first type while the entries are not known yet, or when none has any', () => {
    expect(openingType(types, undefined)).toEqual({ id: 4 });
    expect(openingType(types, new Set())).toEqual({ id: 4 });
    expect(openingType([], new Set([1]))).toBeUndefined();
  });
});
