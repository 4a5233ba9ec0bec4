/*
 * A plugin's config schema (plugin.json `configSchema`, a JSON Schema of an object), read the same
 * way on both sides: the server masks and keeps secrets by it, the screen builds its form from it.
 * The schema comes from a package, so nothing here trusts its shape; ajv has compiled it on install
 * (strict mode), which leaves only local references (`#/$defs/auth`).
 */

/** A JSON Schema, or any part of one. */
export type JsonSchema = { readonly [key: string]: unknown };

/** Where a value sits in a config: property names, and item indexes inside arrays. */
export type ConfigPath = (string | number)[];

const isObject = (value: unknown): value is JsonSchema =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The part of the schema a local reference points at (`#`, `#/$defs/auth`); undefined for any other. */
function resolveRef(root: JsonSchema, ref: string): JsonSchema | undefined {
  if (!ref.startsWith('#')) return undefined;
  let at: unknown = root;
  for (const raw of ref.slice(1).split('/').slice(1)) {
    const part = decodeURIComponent(raw).replace(/~1/g, '/').replace(/~0/g, '~');
    at = Array.isArray(at) ? at[Number(part)] : isObject(at) ? at[part] : undefined;
  }
  return isObject(at) ? at : undefined;
}

/**
 * Every schema that describes one value: the schema itself, what its `$ref` points at, and the
 * branches of its `allOf` (of `anyOf` and `oneOf` too with `alternatives`), followed to any depth.
 * The schema comes first, so a reader that merges them lets it speak last.
 */
export function schemaFacets(root: JsonSchema, schema: unknown, alternatives = true): JsonSchema[] {
  const found: JsonSchema[] = [];
  const visit = (part: unknown) => {
    // A reference cycle ends where it started; a schema that fans out without end stops at 64.
    if (!isObject(part) || found.includes(part) || found.length >= 64) return;
    found.push(part);
    if (typeof part.$ref === 'string') visit(resolveRef(root, part.$ref));
    for (const key of alternatives ? ['allOf', 'anyOf', 'oneOf'] : ['allOf']) {
      const branches = part[key];
      if (Array.isArray(branches)) for (const branch of branches) visit(branch);
    }
  };
  visit(schema);
  return found;
}

/** A secret: a value the plugin marks `writeOnly: true` or `format: "password"`, at any depth. */
export function isSecretSchema(facets: readonly JsonSchema[]): boolean {
  return facets.some((f) => f.writeOnly === true || f.format === 'password');
}

/** A pattern of `patternProperties`, as ajv reads it (unicode); null for one it could not have compiled. */
function patternOf(source: string): RegExp | null {
  try {
    return new RegExp(source, 'u');
  } catch {
    return null;
  }
}

/** The schemas of one property of an object: `properties`, else the matching `patternProperties`, else `additionalProperties`. */
function propertySchemas(facets: readonly JsonSchema[], key: string): unknown[] {
  const found: unknown[] = [];
  for (const facet of facets) {
    const { properties, patternProperties, additionalProperties } = facet;
    if (isObject(properties) && Object.hasOwn(properties, key)) {
      found.push(properties[key]);
      continue;
    }
    const matching = isObject(patternProperties)
      ? Object.entries(patternProperties).filter(([pattern]) => patternOf(pattern)?.test(key))
      : [];
    for (const [, schema] of matching) found.push(schema);
    if (matching.length === 0 && isObject(additionalProperties)) found.push(additionalProperties);
  }
  return found;
}

/** The schemas of one item of an array: its `prefixItems` entry, else `items`. */
function itemSchemas(facets: readonly JsonSchema[], index: number): unknown[] {
  return facets.map((f) =>
    Array.isArray(f.prefixItems) && index < f.prefixItems.length ? f.prefixItems[index] : f.items,
  );
}

/**
 * The value with every secret in it, at any depth (nested objects, array items), replaced by what
 * `replace` answers for it, given where it sits. An object's property answered `undefined` is left
 * out. Everything else is copied as it is.
 */
export function mapSecrets(
  root: JsonSchema,
  value: unknown,
  replace: (secret: unknown, path: ConfigPath) => unknown,
): unknown {
  const walk = (schemas: unknown[], part: unknown, path: ConfigPath): unknown => {
    const facets = schemas.flatMap((s) => schemaFacets(root, s));
    if (facets.length === 0) return part;
    if (isSecretSchema(facets)) return replace(part, path);
    if (Array.isArray(part)) return part.map((item, i) => walk(itemSchemas(facets, i), item, [...path, i]));
    if (!isObject(part)) return part;
    // fromEntries keeps a property named __proto__ as a property, where an assignment would not.
    return Object.fromEntries(
      Object.entries(part)
        .map(([key, item]) => [key, walk(propertySchemas(facets, key), item, [...path, key])] as const)
        .filter(([, item]) => item !== undefined),
    );
  };
  return walk([root], value, []);
}

/** The value at a path of a config; undefined where there is none. */
export function valueAtPath(config: unknown, path: ConfigPath): unknown {
  let at = config;
  for (const part of path) {
    if (typeof part === 'number') at = Array.isArray(at) ? at[part] : undefined;
    else at = isObject(at) && Object.hasOwn(at, part) ? at[part] : undefined;
  }
  return at;
}
