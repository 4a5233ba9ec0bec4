import { parseJson } from './json-text';

type Primitive = 'string' | 'number' | 'boolean';

/** What the sample says a value can be: every kind seen at that place, merged. */
type Shape = {
  nullable: boolean;
  primitives: Set<Primitive>;
  object?: ObjectShape;
  /** The shape of the items of the arrays seen here (none yet when every array was empty). */
  array?: Shape;
};
type ObjectShape = { count: number; fields: Map<string, { shape: Shape; count: number }> };

/** Kinds in a union are written in this order, whatever order the sample showed them in. */
const PRIMITIVES: readonly Primitive[] = ['string', 'number', 'boolean'];
const primitivesOf = (shape: Shape) => PRIMITIVES.filter((kind) => shape.primitives.has(kind));

const emptyShape = (): Shape => ({ nullable: false, primitives: new Set() });

function merge(shape: Shape, value: unknown): void {
  if (value === null) shape.nullable = true;
  else if (Array.isArray(value)) {
    shape.array ??= emptyShape();
    for (const item of value) merge(shape.array, item);
  } else if (typeof value === 'object') {
    shape.object ??= { count: 0, fields: new Map() };
    shape.object.count++;
    for (const [key, child] of Object.entries(value)) {
      const field = shape.object.fields.get(key) ?? { shape: emptyShape(), count: 0 };
      field.count++;
      merge(field.shape, child);
      shape.object.fields.set(key, field);
    }
  } else if (typeof value === 'string') shape.primitives.add('string');
  else if (typeof value === 'number') shape.primitives.add('number');
  else if (typeof value === 'boolean') shape.primitives.add('boolean');
}

/** An object type to declare: its name and its shape. */
type Named = { name: string; object: ObjectShape };

const IDENTIFIER = /^[\p{L}_$][\p{L}\p{N}_$]*$/u;
/** A key as written in a type or an object literal: quoted unless it is an identifier. */
const keyOf = (key: string) => (IDENTIFIER.test(key) ? key : JSON.stringify(key));

/** `shipping_address` → `ShippingAddress`; a name that would start with a digit gets the parent's in front. */
function pascal(text: string, fallback: string): string {
  const name = text
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join('');
  if (name === '') return fallback;
  return /^\p{N}/u.test(name) ? `${fallback}${name}` : name;
}

/** The name of one item of a list called `name`: Items → Item, Categories → Category, Data → DataItem. */
function singular(name: string): string {
  if (/ies$/.test(name)) return name.replace(/ies$/, 'y');
  if (/(ss|x|ch|sh)es$/.test(name)) return name.replace(/es$/, '');
  if (/[^s]s$/.test(name)) return name.slice(0, -1);
  return `${name}Item`;
}

/** Names every object shape of the tree, parents before children, each name used once. */
function nameObjects(root: Shape, rootName: string): Map<ObjectShape, string> {
  const names = new Map<ObjectShape, string>();
  const taken = new Set<string>();
  const claim = (wanted: string) => {
    let name = wanted;
    for (let n = 2; taken.has(name); n++) name = `${wanted}${n}`;
    taken.add(name);
    return name;
  };
  const visit = (shape: Shape, name: string) => {
    if (shape.object && !names.has(shape.object)) {
      const own = claim(name);
      names.set(shape.object, own);
      for (const [key, field] of shape.object.fields) visit(field.shape, pascal(key, own));
    }
    if (shape.array) visit(shape.array, singular(name));
  };
  visit(root, rootName);
  return names;
}

/** Named objects in the order given (parents first); `childrenFirst` reverses the dependency order for zod. */
function declarations(names: Map<ObjectShape, string>, childrenFirst: boolean): Named[] {
  const list = [...names].map(([object, name]) => ({ name, object }));
  return childrenFirst ? list.reverse() : list;
}

const lowerFirst = (name: string) => name.charAt(0).toLowerCase() + name.slice(1);

function analyse(input: string, rootName: string) {
  const root = emptyShape();
  merge(root, parseJson(input));
  const name = pascal(rootName, 'Root');
  // A sample that is a list describes its items: `Root` is one item, `RootList` the list.
  const top = root.array && !root.object && root.primitives.size === 0 && !root.nullable ? root.array : root;
  // The root's own name goes to its object only when it is nothing else: `Root = RootObject | string`.
  const plain = !!top.object && top.primitives.size === 0 && !top.array && !top.nullable;
  return { root, top, name, plain, names: nameObjects(top, plain ? name : `${name}Object`) };
}

/** A JSON sample → TypeScript types: one named type per object, fields seen in only some samples optional. */
export function jsonToTypeScript(input: string, rootName = 'Root'): string {
  const { root, top, name, plain, names } = analyse(input, rootName);
  /** The members of the shape's union type. */
  const membersOf = (shape: Shape): string[] => {
    const parts: string[] = primitivesOf(shape);
    if (shape.object) parts.push(names.get(shape.object) ?? 'unknown');
    if (shape.array) {
      const item = membersOf(shape.array);
      parts.push(item.length > 1 ? `(${item.join(' | ')})[]` : `${item[0] ?? 'unknown'}[]`);
    }
    if (parts.length === 0) return [shape.nullable ? 'null' : 'unknown'];
    if (shape.nullable) parts.push('null');
    return parts;
  };
  const typeOf = (shape: Shape) => membersOf(shape).join(' | ');
  const blocks = declarations(names, false).map(({ name: typeName, object }) => {
    const fields = [...object.fields].map(
      ([key, field]) => `  ${keyOf(key)}${field.count < object.count ? '?' : ''}: ${typeOf(field.shape)};`,
    );
    return `export type ${typeName} = {\n${fields.join('\n')}\n};`;
  });
  if (!plain) blocks.unshift(`export type ${name} = ${typeOf(top)};`);
  if (top !== root) blocks.push(`export type ${name}List = ${name}[];`);
  return `${blocks.join('\n\n')}\n`;
}

/** A JSON sample → zod schemas (zod 4) and the types they infer. */
export function jsonToZod(input: string, rootName = 'Root'): string {
  const { root, top, name, plain, names } = analyse(input, rootName);
  const schemaOf = (shape: Shape): string => {
    const parts: string[] = primitivesOf(shape).map((kind) => `z.${kind}()`);
    if (shape.object) parts.push(`${lowerFirst(names.get(shape.object) ?? 'unknown')}Schema`);
    if (shape.array) parts.push(`z.array(${schemaOf(shape.array)})`);
    if (parts.length === 0) return shape.nullable ? 'z.null()' : 'z.unknown()';
    const one = parts.length === 1 ? (parts[0] as string) : `z.union([${parts.join(', ')}])`;
    return shape.nullable ? `${one}.nullable()` : one;
  };
  const blocks = declarations(names, true).map(({ name: typeName, object }) => {
    const fields = [...object.fields].map(
      ([key, field]) => `  ${keyOf(key)}: ${schemaOf(field.shape)}${field.count < object.count ? '.optional()' : ''},`,
    );
    const schema = `${lowerFirst(typeName)}Schema`;
    return `export const ${schema} = z.object({\n${fields.join('\n')}\n});\nexport type ${typeName} = z.infer<typeof ${schema}>;`;
  });
  if (!plain) {
    blocks.push(
      `export const ${lowerFirst(name)}Schema = ${schemaOf(top)};\nexport type ${name} = z.infer<typeof ${lowerFirst(name)}Schema>;`,
    );
  }
  if (top !== root) {
    blocks.push(
      `export const ${lowerFirst(name)}ListSchema = z.array(${lowerFirst(name)}Schema);\nexport type ${name}List = z.infer<typeof ${lowerFirst(name)}ListSchema>;`,
    );
  }
  return `import { z } from 'zod';\n\n${blocks.join('\n\n')}\n`;
}
