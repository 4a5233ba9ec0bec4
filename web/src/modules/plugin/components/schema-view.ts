import { type JsonSchema, PLUGIN_SECRET_MASK, schemaFacets, valueAtPath } from '@backroom/contract';

/*
 * The config form's reading of a plugin's JSON Schema (docs/plugins.md lists what it understands):
 * each property merged from its facets (a local $ref, allOf branches), the form's start values and
 * the config its values make. The rendering is schema-form.tsx.
 */

/** A property as the form reads it. */
export type PropertyView = {
  type?: string;
  title?: string;
  description?: string;
  enum?: unknown[];
  format?: string;
  secret: boolean;
  default?: unknown;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  minItems?: number;
  maxItems?: number;
  /** The items of an array, read the same way. */
  items?: PropertyView;
  /** An object's own properties, in the schema's order, and which of them it requires. */
  properties: [string, unknown][];
  required: Set<string>;
  /** Whether an object takes properties besides its own (`additionalProperties` not false). */
  open: boolean;
};

/** How a property is edited. */
export type FieldKind = 'group' | 'secret' | 'boolean' | 'number' | 'choice' | 'choices' | 'list' | 'text' | 'json';

const number = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);
const text = (v: unknown) => (typeof v === 'string' ? v : undefined);

/** Groups nest this deep at most: a schema that refers to itself is edited as JSON from there on. */
const MAX_DEPTH = 6;

/** One property (or the root) of the schema, its facets merged: what the schema itself says wins. */
export function viewOf(root: JsonSchema, schema: unknown, depth = 0): PropertyView {
  const facets = schemaFacets(root, schema, false).reverse();
  const merged: Record<string, unknown> = Object.assign({}, ...facets);
  const types = Array.isArray(merged.type) ? merged.type : [merged.type];
  const properties = new Map<string, unknown>();
  const required = new Set<string>();
  for (const facet of facets) {
    if (facet.properties && typeof facet.properties === 'object') {
      for (const [key, value] of Object.entries(facet.properties)) properties.set(key, value);
    }
    if (Array.isArray(facet.required)) for (const key of facet.required) required.add(String(key));
  }
  return {
    type: text(types.find((t) => t !== 'null')),
    title: text(merged.title),
    description: text(merged.description),
    enum: Array.isArray(merged.enum) ? merged.enum : undefined,
    format: text(merged.format),
    secret: facets.some((f) => f.writeOnly === true || f.format === 'password'),
    default: merged.default,
    minimum: number(merged.minimum),
    maximum: number(merged.maximum),
    exclusiveMinimum: number(merged.exclusiveMinimum),
    exclusiveMaximum: number(merged.exclusiveMaximum),
    minLength: number(merged.minLength),
    maxLength: number(merged.maxLength),
    pattern: text(merged.pattern),
    minItems: number(merged.minItems),
    maxItems: number(merged.maxItems),
    items:
      merged.items && typeof merged.items === 'object' && depth < MAX_DEPTH
        ? viewOf(root, merged.items, depth + 1)
        : undefined,
    properties: [...properties.entries()],
    required,
    open: merged.additionalProperties !== false,
  };
}

/**
 * The input a property at this path gets; an array or object the form has no input for is edited
 * as JSON text.
 */
export function kindOf(view: PropertyView, path: readonly string[]): FieldKind {
  if (view.secret) return 'secret';
  if (view.enum) return 'choice';
  switch (view.type) {
    case 'object':
      return view.properties.length > 0 && path.length < MAX_DEPTH ? 'group' : 'json';
    case 'boolean':
      return 'boolean';
    case 'integer':
    case 'number':
      return 'number';
    case 'array':
      if (view.items?.enum) return 'choices';
      return view.items?.type === 'string' && !view.items.secret ? 'list' : 'json';
    default:
      return view.properties.length > 0 && path.length < MAX_DEPTH ? 'group' : 'text';
  }
}

const isEmpty = (value: unknown) =>
  value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0);

/** Whether anything in a group's values is filled in. */
export function hasAnyValue(value: unknown): boolean {
  if (value && typeof value === 'object' && !Array.isArray(value)) return Object.values(value).some(hasAnyValue);
  return !isEmpty(value);
}

/** Whether the stored config holds a secret at this path (answered as the mask). */
export const storedSecret = (stored: unknown, path: string[]) => valueAtPath(stored, path) === PLUGIN_SECRET_MASK;

/** Whether the stored config keeps a secret anywhere at or inside this path. */
export function keepsSecret(stored: unknown, path: string[]): boolean {
  const value = valueAtPath(stored, path);
  if (value === PLUGIN_SECRET_MASK) return true;
  return (
    !!value &&
    typeof value === 'object' &&
    !Array.isArray(value) &&
    Object.keys(value).some((key) => keepsSecret(stored, [...path, key]))
  );
}

/**
 * The form's start values: what is stored (the plugin's defaults where nothing is), a stored
 * secret as an empty input, a JSON field as its text.
 */
export function initialValues(root: JsonSchema, stored: unknown, view = viewOf(root, root), path: string[] = []) {
  const values: Record<string, unknown> = {};
  for (const [key, schema] of view.properties) {
    const property = viewOf(root, schema);
    const at = [...path, key];
    const kind = kindOf(property, at);
    if (kind === 'group') {
      values[key] = initialValues(root, stored, property, at);
      continue;
    }
    const value = valueAtPath(stored, at) ?? property.default;
    if (kind === 'secret') values[key] = value === PLUGIN_SECRET_MASK ? undefined : value;
    else if (kind === 'json') values[key] = value === undefined ? undefined : JSON.stringify(value, null, 2);
    else values[key] = value;
  }
  return values;
}

/**
 * The config the form's values make. An empty field is left out; an empty secret that is stored is
 * sent as the mask (the server keeps it); an optional group left empty is left out. What the schema
 * lets the config hold besides the form's fields is kept as stored.
 */
export function configOf(
  root: JsonSchema,
  values: unknown,
  stored: unknown,
  view = viewOf(root, root),
  path: string[] = [],
): Record<string, unknown> {
  const form = (values && typeof values === 'object' ? values : {}) as Record<string, unknown>;
  const kept = valueAtPath(stored, path);
  const config: Record<string, unknown> = {};
  const own = new Set(view.properties.map(([key]) => key));
  if (view.open && kept && typeof kept === 'object' && !Array.isArray(kept)) {
    for (const [key, value] of Object.entries(kept)) if (!own.has(key)) config[key] = value;
  }
  for (const [key, schema] of view.properties) {
    const property = viewOf(root, schema);
    const at = [...path, key];
    const value = form[key];
    switch (kindOf(property, at)) {
      case 'group': {
        const inner = configOf(root, value, stored, property, at);
        if (view.required.has(key) || Object.keys(inner).length > 0) config[key] = inner;
        break;
      }
      case 'secret':
        if (!isEmpty(value)) config[key] = value;
        else if (storedSecret(stored, at)) config[key] = PLUGIN_SECRET_MASK;
        break;
      case 'json':
        if (!isEmpty(value)) config[key] = JSON.parse(String(value));
        break;
      default:
        if (!isEmpty(value)) config[key] = value;
    }
  }
  return config;
}

/** The paths of the form's fields (groups too), to mark the one the server refused. */
export function fieldPaths(root: JsonSchema, view = viewOf(root, root), path: string[] = []): string[][] {
  return view.properties.flatMap(([key, schema]) => {
    const property = viewOf(root, schema);
    const at = [...path, key];
    return kindOf(property, at) === 'group' ? [at, ...fieldPaths(root, property, at)] : [at];
  });
}
