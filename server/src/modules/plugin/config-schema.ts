import { PLUGIN_SECRET_MASK } from '@backroom/contract';
import type { ValidateFunction } from 'ajv';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { badRequest } from '../../core/errors.js';

type Schema = Record<string, unknown>;

function newAjv() {
  // No remote references, no code from the schema: it only describes a JSON object.
  const ajv = new Ajv2020({ strict: true, allErrors: false, loadSchema: undefined });
  for (const format of ['password', 'uri', 'url', 'email', 'hostname']) ajv.addFormat(format, true);
  ajv.addFormat('uri', /^https?:\/\/[^\s]+$/i);
  ajv.addFormat('url', /^https?:\/\/[^\s]+$/i);
  return ajv;
}

/** Compiles a plugin's config schema, or a 400 saying why it does not (an object schema only). */
export function compileConfigSchema(schema: Schema): ValidateFunction {
  if (schema.type !== 'object') throw badRequest('plugin.badSchema', { reason: 'the root must be {"type":"object"}' });
  try {
    return newAjv().compile(schema);
  } catch (error) {
    throw badRequest('plugin.badSchema', {
      reason: (error instanceof Error ? error.message : 'invalid').slice(0, 300),
    });
  }
}

/** The top-level properties a plugin marks as secret: `writeOnly: true` or `format: "password"`. */
export function secretKeys(schema: Schema): string[] {
  const properties = (schema.properties ?? {}) as Record<string, Schema>;
  return Object.entries(properties)
    .filter(([, p]) => p && (p.writeOnly === true || p.format === 'password'))
    .map(([key]) => key);
}

/** The config as clients see it: every secret that has a value replaced by the mask. */
export function maskConfig(schema: Schema, config: Record<string, unknown> | null): Record<string, unknown> | null {
  if (config === null) return null;
  const out = { ...config };
  for (const key of secretKeys(schema)) {
    if (Object.hasOwn(out, key) && out[key] !== '' && out[key] !== null) out[key] = PLUGIN_SECRET_MASK;
  }
  return out;
}

/**
 * A config from a client, checked against the schema: a secret sent back as the mask keeps the
 * stored value. Answers the config to store, or a 400 naming the first problem.
 */
export function acceptConfig(
  schema: Schema,
  incoming: Record<string, unknown>,
  stored: Record<string, unknown> | null,
): Record<string, unknown> {
  const next: Record<string, unknown> = { ...incoming };
  for (const key of secretKeys(schema)) {
    if (next[key] === PLUGIN_SECRET_MASK) {
      if (stored && Object.hasOwn(stored, key)) next[key] = stored[key];
      else delete next[key];
    }
  }
  const validate = compileConfigSchema(schema);
  if (!validate(next)) {
    const e = validate.errors?.[0];
    throw badRequest('plugin.badConfig', { reason: `${e?.instancePath || '(root)'} ${e?.message ?? ''}`.trim() });
  }
  return next;
}
