import { describe, expect, it } from 'vitest';
import { startupExtensions } from './extensions';

const C = () => null;

describe('startupExtensions (docs/spec.md §1)', () => {
  it('leaves out disabled entries and entries without an index component, and sorts by order', () => {
    const list = startupExtensions([
      { name: 'late', order: 9, index: C },
      { name: 'off', enable: false, index: C },
      { name: 'no-index', order: 1 },
      { name: 'early', order: 1, index: C },
      { name: 'default-order', index: C },
    ]);
    expect(list.map((e) => e.name)).toEqual(['default-order', 'early', 'late']);
  });
});
