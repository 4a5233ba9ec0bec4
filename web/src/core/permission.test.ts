import { describe, expect, it } from 'vitest';
import { checkPerm } from './permission';

const held = ['base:sys:user:page', 'base:sys:user:add', 'task:info:start'];

describe('checkPerm (docs/spec.md §6)', () => {
  it('passes when a held permission contains the string, spaces removed', () => {
    expect(checkPerm(held, 'base:sys:user:add')).toBe(true);
    expect(checkPerm(held, ' base:sys:user : add ')).toBe(true);
    expect(checkPerm(held, 'user:page')).toBe(true);
    expect(checkPerm(held, 'base:sys:user:delete')).toBe(false);
    expect(checkPerm(held, '')).toBe(false);
  });

  it('or is any of, and is all of', () => {
    expect(checkPerm(held, { or: ['base:sys:user:delete', 'task:info:start'] })).toBe(true);
    expect(checkPerm(held, { or: ['base:sys:user:delete', 'task:info:stop'] })).toBe(false);
    expect(checkPerm(held, { and: ['base:sys:user:page', 'task:info:start'] })).toBe(true);
    expect(checkPerm(held, { and: ['base:sys:user:page', 'task:info:stop'] })).toBe(false);
    expect(checkPerm(held, {})).toBe(false);
  });
});
