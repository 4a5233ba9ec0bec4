import { mapSecrets, PLUGIN_SECRET_MASK, valueAtPath } from '@backroom/contract';
import { AppError, badRequest } from '../../core/errors.js';
import { runSchemaJob, SCHEMA_JOB_MS, type SchemaAnswer, type SchemaError, SchemaJobError } from './schema-worker.js';

type Schema = Record<string, unknown>;

/**
 * What a config schema may be, checked before it is compiled: its JSON text, the properties it
 * names at every depth, and how deeply its objects and arrays nest. A config form of 200 fields
 * is already far past a usable one; the bounds keep each compile to a fraction of a second on its
 * thread (schema-worker.ts), which ends one past SCHEMA_JOB_MS all the same.
 */
export const CONFIG_SCHEMA_LIMITS = { bytes: 32 * 1024, properties: 200, depth: 32 } as const;

/** The keywords whose value is an object of named subschemas: each name is a property of the form. */
const NAMED = new Set(['properties', 'patternProperties', 'dependentSchemas', '$defs', 'definitions']);

/** Refuses a schema past the bounds; the walk stops at the first bound passed, however large the rest. */
export function checkSchemaBounds(schema: unknown): void {
  const limits = CONFIG_SCHEMA_LIMITS;
  let properties = 0;
  const walk = (value: unknown, depth: number) => {
    if (value === null || typeof value !== 'object') return;
    if (depth > limits.depth) throw badRequest('plugin.schemaTooDeep', { n: limits.depth });
    if (Array.isArray(value)) {
      for (const item of value) walk(item, depth + 1);
      return;
    }
    for (const [key, item] of Object.entries(value)) {
      if (NAMED.has(key) && item !== null && typeof item === 'object' && !Array.isArray(item)) {
        properties += Object.keys(item).length;
        if (properties > limits.properties)
          throw badRequest('plugin.schemaTooManyProperties', { n: limits.properties });
      }
      walk(item, depth + 1);
    }
  };
  walk(schema, 1);
  const bytes = Buffer.byteLength(JSON.stringify(schema));
  if (bytes > limits.bytes) throw badRequest('plugin.schemaTooLarge', { n: limits.bytes / 1024 });
}

/** A job on the schema thread; a thread that was ended for it is a 400 about this schema, not a 500. */
async function onSchemaThread(message: Parameters<typeof runSchemaJob>[0]): Promise<SchemaAnswer> {
  try {
    return await runSchemaJob(message);
  } catch (error) {
    if (!(error instanceof SchemaJobError)) throw error;
    throw badRequest('plugin.schemaTooSlow', { n: SCHEMA_JOB_MS / 1000 });
  }
}

/**
 * Checks a plugin's config schema: an object schema within the bounds that ajv compiles (on the
 * schema thread, never on the server's), or a 400 saying why not.
 */
export async function checkConfigSchema(schema: Schema): Promise<void> {
  if (schema.type !== 'object') throw badRequest('plugin.badSchema', { reason: 'the root must be {"type":"object"}' });
  checkSchemaBounds(schema);
  const answer = await onSchemaThread({ op: 'compile', schema: JSON.stringify(schema) });
  if (!answer.ok) throw badRequest('plugin.badSchema', { reason: answer.reason });
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
function fieldOf(error: SchemaError): string[] {
  const path = error.instancePath
    .split('/')
    .slice(1)
    .map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'));
  const missing = error.keyword === 'required' ? error.missingProperty : undefined;
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
export async function acceptConfig(
  schema: Schema,
  incoming: Record<string, unknown>,
  stored: Record<string, unknown> | null,
): Promise<Record<string, unknown>> {
  const next = mapSecrets(schema, incoming, (value, path) => {
    if (value !== PLUGIN_SECRET_MASK) return value;
    const kept = valueAtPath(stored, path);
    // An item of a list cannot be left out without moving the ones after it.
    if (kept === undefined && typeof path.at(-1) === 'number') {
      throw badConfig(`${pointerOf(path)} is hidden and has no stored value`, path);
    }
    return kept;
  }) as Record<string, unknown>;
  if (schema.type !== 'object') throw badRequest('plugin.badSchema', { reason: 'the root must be {"type":"object"}' });
  // Checked on the schema thread too: a pattern that backtracks on the value holds only that thread.
  const answer = await onSchemaThread({ op: 'validate', schema: JSON.stringify(schema), data: JSON.stringify(next) });
  if (!answer.ok) throw badRequest('plugin.badSchema', { reason: answer.reason });
  if (!answer.valid) {
    const e = answer.error;
    const field = e ? fieldOf(e) : [];
    throw badConfig(`${e?.instancePath || '(root)'} ${e?.message ?? ''}`.trim(), field);
  }
  return next;
}
