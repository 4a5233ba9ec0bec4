import { mapSecrets, PLUGIN_SECRET_MASK, valueAtPath } from '@backroom/contract';
import type { ErrorObject, ValidateFunction } from 'ajv';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { AppError, badRequest } from '../../core/errors.js';

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

/** The config as clients see it: every secret that has a value, at any depth, replaced by the mask. */
export function maskConfig(schema: Schema, config: Record<string, unknown> | null): Record<string, unknown> | null {
  if (config === null) return null;
  return mapSecrets(schema, config, (value) =>
    value === '' || value === null || value === undefined ? value : PLUGIN_SECRET_MASK,
  ) as Record<string, unknown>;
}

/** A config path as ajv writes it (a JSON pointer, `/auth/token`), `(root)` for the whole config. */
const pointerOf = (path: readonly (string | number)[]) =>
  path.length === 0 ? '(root)' : path.map((p) => `/${String(p).replace(/~/g, '~0').replace(/\//g, '~1')}`).join('');

/** The field an ajv error is about: its instance path, and the property a `required` error misses. */
function fieldOf(error: ErrorObject): string[] {
  const path = error.instancePath
    .split('/')
    .slice(1)
    .map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'));
  const missing =
    error.keyword === 'required' ? (error.params as { missingProperty?: unknown }).missingProperty : undefined;
  return typeof missing === 'string' ? [...path, missing] : path;
}

/** A refused config: the message names the problem, `data.field` the field it is about (the form marks it). */
const badConfig = (reason: string, field: readonly (string | number)[]) =>
  new AppError(400, 'plugin.badConfig', { reason }, { field: field.map(String) });

/**
 * A config from a client, checked against the schema: a secret sent back as the mask, at any
 * depth, keeps the stored value (or is left out when none is stored). Answers the config to store,
 * or a 400 naming the first problem and its field.
 */
export function acceptConfig(
  schema: Schema,
  incoming: Record<string, unknown>,
  stored: Record<string, unknown> | null,
): Record<string, unknown> {
  const next = mapSecrets(schema, incoming, (value, path) => {
    if (value !== PLUGIN_SECRET_MASK) return value;
    const kept = valueAtPath(stored, path);
    // An item of a list cannot be left out without moving the ones after it.
    if (kept === undefined && typeof path.at(-1) === 'number') {
      throw badConfig(`${pointerOf(path)} is hidden and has no stored value`, path);
    }
    return kept;
  }) as Record<string, unknown>;
  const validate = compileConfigSchema(schema);
  if (!validate(next)) {
    const e = validate.errors?.[0];
    const field = e ? fieldOf(e) : [];
    throw badConfig(`${e?.instancePath || '(root)'} ${e?.message ?? ''}`.trim(), field);
  }
  return next;
}
