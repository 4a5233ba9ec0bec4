import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { findNul, isNulIssue, refuseNul } from './nul.js';

describe('NUL characters', () => {
  it('finds the first string holding one, keys included', () => {
    expect(findNul({ a: 'ok', b: ['fine', 'x\u0000'] })).toEqual(['b', 1]);
    expect(findNul({ nested: { 'k\u0000': 1 } })).toEqual(['nested', 'k\u0000']);
    expect(findNul('\u0000')).toEqual([]);
    expect(findNul({ a: 'ok', b: [1, true, null, { c: 'fine' }] })).toBeNull();
  });

  it('walks a deeply nested value without exhausting the stack', () => {
    let deep: unknown = 'x\u0000';
    for (let i = 0; i < 200_000; i += 1) deep = [deep];
    expect(findNul(deep)?.length).toBe(200_000);
  });

  it('makes a schema refuse a NUL anywhere, naming the path, and adds the check once', () => {
    const schema = refuseNul(z.object({ name: z.string(), tags: z.array(z.string()).optional() }));
    expect(schema.safeParse({ name: 'ok', tags: ['a'] }).success).toBe(true);
    const result = schema.safeParse({ name: 'ok', tags: ['a', 'b\u0000'] });
    expect(result.success).toBe(false);
    const [issue] = result.error?.issues ?? [];
    expect(issue?.path).toEqual(['tags', 1]);
    expect(isNulIssue(issue)).toBe(true);
    expect(refuseNul(schema)).toBe(schema);
    // A key the schema drops never reaches a handler: no concern of the check.
    expect(schema.safeParse({ name: 'ok', extra: '\u0000' }).success).toBe(true);
  });
});
