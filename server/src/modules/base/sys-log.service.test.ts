import { describe, expect, it } from 'vitest';
import { maskSecrets } from './sys-log.service.js';

describe('maskSecrets', () => {
  it('keeps a client key named __proto__ as a key of the copy, masked like any other', () => {
    const params = JSON.parse('{"__proto__":{"password":"p","x":1},"constructor":"c"}');
    const masked = maskSecrets(params) as Record<string, unknown>;
    expect(Object.getPrototypeOf(masked)).toBe(Object.prototype);
    expect(Object.keys(masked)).toEqual(['__proto__', 'constructor']);
    expect(JSON.stringify(masked)).toBe('{"__proto__":{"password":"******","x":1},"constructor":"c"}');
  });
});
