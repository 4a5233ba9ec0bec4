import { describe, expect, it } from 'vitest';
import { isSecretSchema, type JsonSchema, mapSecrets, schemaFacets, valueAtPath } from './config-schema.js';

const MASK = '***';
const mask = (schema: JsonSchema, value: unknown) => mapSecrets(schema, value, (v) => (v === '' ? v : MASK));

describe('the secrets of a plugin config schema', () => {
  it('finds them at the top, in nested objects, in array items and behind references', () => {
    const schema: JsonSchema = {
      type: 'object',
      $defs: { credentials: { type: 'object', properties: { token: { type: 'string', writeOnly: true } } } },
      properties: {
        url: { type: 'string' },
        password: { type: 'string', format: 'password' },
        auth: {
          type: 'object',
          properties: { user: { type: 'string' }, inner: { type: 'object', properties: { key: { writeOnly: true } } } },
        },
        robots: { type: 'array', items: { type: 'object', properties: { secret: { writeOnly: true } } } },
        shared: { $ref: '#/$defs/credentials' },
        either: { anyOf: [{ type: 'object', properties: { pin: { writeOnly: true } } }, { type: 'null' }] },
        byName: { type: 'object', additionalProperties: { type: 'string', writeOnly: true } },
      },
    };
    const config = {
      url: 'https://a.test',
      password: 'p1',
      auth: { user: 'u', inner: { key: 'k1' } },
      robots: [{ secret: 's1' }, { secret: '' }],
      shared: { token: 't1' },
      either: { pin: '1234' },
      byName: { a: 'x', b: 'y' },
    };
    expect(mask(schema, config)).toEqual({
      url: 'https://a.test',
      password: MASK,
      auth: { user: 'u', inner: { key: MASK } },
      robots: [{ secret: MASK }, { secret: '' }],
      shared: { token: MASK },
      either: { pin: MASK },
      byName: { a: MASK, b: MASK },
    });
    // The config itself is left as it was.
    expect(config.auth.inner.key).toBe('k1');
  });

  it('leaves out a property answered undefined, and keeps a property named __proto__ as data', () => {
    const schema: JsonSchema = { type: 'object', properties: { a: { writeOnly: true }, b: { type: 'string' } } };
    expect(mapSecrets(schema, { a: 'x', b: 'y' }, () => undefined)).toEqual({ b: 'y' });
    const hostile = JSON.parse('{"__proto__": {"polluted": true}, "b": "y"}') as object;
    const copy = mapSecrets(schema, hostile, (v) => v) as Record<string, unknown>;
    expect(Object.getPrototypeOf(copy)).toBe(Object.prototype);
    expect(Object.hasOwn(copy, '__proto__')).toBe(true);
  });

  it('stops at a reference cycle', () => {
    const schema: JsonSchema = { $ref: '#', type: 'object', properties: { next: { $ref: '#' } } };
    expect(schemaFacets(schema, schema)).toEqual([schema]);
    expect(isSecretSchema(schemaFacets(schema, schema))).toBe(false);
    expect(mask(schema, { next: { next: {} } })).toEqual({ next: { next: {} } });
  });

  it('reads a value by its path', () => {
    const config = { a: { b: [{ c: 1 }] } };
    expect(valueAtPath(config, ['a', 'b', 0, 'c'])).toBe(1);
    expect(valueAtPath(config, ['a', 'x'])).toBeUndefined();
    expect(valueAtPath(config, ['a', 'b', 'length'])).toBeUndefined();
    expect(valueAtPath(null, ['a'])).toBeUndefined();
  });
});
