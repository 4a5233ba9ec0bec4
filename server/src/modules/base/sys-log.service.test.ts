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

  it('hides the second factor: the challenge, a code, the recovery codes; a field that only ends in code stays', () => {
    const masked = maskSecrets({
      challenge: 'c2f1a0e4-5b1e-4d0e-9d2a-6f3b1c1e2a77',
      code: '123456',
      recoveryCodes: ['k7pq-x2mz', 'abcd-efgh'],
      nested: { code: 'k7pq-x2mz' },
      customerCode: 'C-001',
    });
    expect(masked).toEqual({
      challenge: '******',
      code: '******',
      recoveryCodes: '******',
      nested: { code: '******' },
      customerCode: 'C-001',
    });
  });
});
