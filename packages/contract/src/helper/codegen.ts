import { z } from 'zod';
import { type ColumnKind, type Columns, col } from '../core/columns.js';
import { defineEntity } from '../core/entity.js';
import type { Label, LOCALES } from '../core/i18n.js';
import { NUL_ISSUE, noNul } from '../core/nul.js';

/**
 * The one code generator of an entity: `npm run new:entity`, the AI fast-coding helper
 * (`base/coding`) and the SQL → declaration conversion all describe an entity as an `EntitySpec`
 * and get its files' texts from here, and the plan of every file it needs from entity-plan.ts.
 * Pure and browser-safe: it returns texts and edits; whoever applies them (the CLI, the server in
 * development mode) reads and writes the files.
 */

export const CODING_KINDS = [
  'string',
  'text',
  'int',
  'bigint',
  'decimal',
  'bool',
  'datetime',
  'json',
] as const satisfies readonly ColumnKind[];
export type CodingKind = (typeof CODING_KINDS)[number];

/** Names a generated file may hold: a module, an entity path, a field. */
export const MODULE_NAME = /^[a-z][a-z0-9]{0,29}$/;
export const ENTITY_PATH = /^[a-z][A-Za-z0-9]{0,39}(\/[a-z][A-Za-z0-9]{0,39}){0,2}$/;
export const FIELD_NAME = /^[a-z][A-Za-z0-9]{0,39}$/;
/** Columns every entity has already, and words a field may not be called. */
export const RESERVED_FIELDS = ['id', 'createTime', 'updateTime', 'tenantId', 'constructor', 'prototype'] as const;

/** Text a generated string literal may hold: no quote, backslash or line break, no NUL. */
const literalText = (max: number) =>
  z
    .string()
    .trim()
    .min(1)
    .max(max)
    .regex(/^[^'"`\\\n\r]*$/, { message: 'quote' })
    .refine(noNul, NUL_ISSUE);

const labelSchema = z.object({ 'zh-cn': literalText(50), 'zh-tw': literalText(50), en: literalText(50) });

export const codingFieldSchema = z
  .object({
    name: z.string().regex(FIELD_NAME, { message: 'fieldName' }),
    label: labelSchema,
    kind: z.enum(CODING_KINDS),
    /** Required on add (not null); an optional field is nullable. */
    required: z.boolean().default(false),
    /** The varchar length (string fields). */
    length: z.number().int().min(1).max(4000).optional(),
    /** A dictionary type key whose items name the values (string and int fields). */
    dict: z
      .string()
      .regex(/^[A-Za-z][A-Za-z0-9_]{0,99}$/, { message: 'dict' })
      .optional(),
    /** Enumerated values (string fields), such as a MySQL enum's. */
    values: z.array(literalText(50)).min(1).max(50).optional(),
    /** A column of the list (otherwise it waits in the column settings). */
    list: z.boolean().default(true),
    /** Searched: text fields by the keyword, the others by an equality filter. */
    search: z.boolean().default(false),
    unique: z.boolean().default(false),
    /** A default value (a literal of the field's kind). */
    default: z.union([z.string().max(200), z.number(), z.boolean()]).optional(),
  })
  .superRefine((field, issues) => {
    if ((RESERVED_FIELDS as readonly string[]).includes(field.name)) {
      issues.addIssue({ code: 'custom', path: ['name'], message: 'reserved' });
    }
    if (field.dict !== undefined && field.kind !== 'string' && field.kind !== 'int') {
      issues.addIssue({ code: 'custom', path: ['dict'], message: 'dictKind' });
    }
    if (field.values !== undefined && field.kind !== 'string') {
      issues.addIssue({ code: 'custom', path: ['values'], message: 'valuesKind' });
    }
    if (field.default !== undefined && defaultLiteral(field) === undefined) {
      issues.addIssue({ code: 'custom', path: ['default'], message: 'defaultKind' });
    }
  });

export type CodingField = z.output<typeof codingFieldSchema>;

export const entitySpecSchema = z
  .object({
    module: z.string().regex(MODULE_NAME, { message: 'module' }),
    path: z.string().regex(ENTITY_PATH, { message: 'path' }),
    label: labelSchema,
    /** The menu directory the page goes under (the module's own when it has one). */
    menu: labelSchema.optional(),
    fields: z.array(codingFieldSchema).min(1).max(60),
  })
  .superRefine((spec, issues) => {
    const seen = new Set<string>();
    spec.fields.forEach((field, i) => {
      if (seen.has(field.name)) issues.addIssue({ code: 'custom', path: ['fields', i, 'name'], message: 'duplicate' });
      seen.add(field.name);
    });
  });

export type EntitySpec = z.output<typeof entitySpecSchema>;
export type EntitySpecInput = z.input<typeof entitySpecSchema>;

const words = (text: string) => text.split(/[^A-Za-z0-9]+|(?=[A-Z])/).filter(Boolean);
export const pascal = (text: string) =>
  words(text)
    .map((w) => `${w[0]?.toUpperCase()}${w.slice(1)}`)
    .join('');
export const camel = (text: string) => {
  const p = pascal(text);
  return `${p[0]?.toLowerCase() ?? ''}${p.slice(1)}`;
};
export const kebab = (text: string) =>
  text
    .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
    .replace(/[/_\s]+/g, '-')
    .toLowerCase();
const snake = (text: string) => kebab(text).replace(/-/g, '_');

/** The names one entity goes by everywhere (docs/architecture.md, section 1). */
export function namesOf(module: string, entityPath: string) {
  const spaced = `${module} ${entityPath.replace(/\//g, ' ')}`;
  const file = entityPath.includes('/') ? kebab(entityPath) : `${module}-${kebab(entityPath)}`;
  return {
    module,
    path: entityPath,
    constName: camel(spaced),
    typeName: pascal(spaced),
    entityName: `${pascal(spaced)}Entity`,
    menusConst: `${camel(spaced)}Menus`,
    table: `${module}_${snake(entityPath)}`,
    file,
    router: `/${module}/${entityPath}`,
    // The family's form, as the seeded menus hold them (`.vue`), so that its Vue client finds the
    // screen it would have for the page ('/src/' + viewPath); the web resolves every spelling alike
    // (web/src/core/views.ts, viewKey).
    viewPath: `modules/${module}/views/${file}.vue`,
    moduleName: pascal(module),
    migration: `${module} create-${kebab(entityPath)}`,
  };
}
export type EntityNames = ReturnType<typeof namesOf>;

/** The field's default as TypeScript source, or undefined when it does not suit the kind. */
function defaultLiteral(field: Pick<CodingField, 'kind' | 'default' | 'values'>): string | undefined {
  const v = field.default;
  if (v === undefined) return undefined;
  switch (field.kind) {
    case 'int':
    case 'bigint':
      return typeof v === 'number' && Number.isInteger(v) ? String(v) : undefined;
    case 'decimal':
      return typeof v === 'number' && Number.isFinite(v) ? String(v) : undefined;
    case 'bool':
      return typeof v === 'boolean' ? String(v) : undefined;
    case 'string':
      if (typeof v !== 'string' || /['"`\\\n\r]/.test(v)) return undefined;
      if (field.values && !field.values.includes(v)) return undefined;
      return `'${v}'`;
    case 'text':
      return typeof v === 'string' && !/['"`\\\n\r]/.test(v) ? `'${v}'` : undefined;
    case 'datetime':
    case 'json':
      return undefined;
  }
}

const labelSource = (l: Label) => `label('${l['zh-cn']}', '${l['zh-tw']}', '${l.en}')`;

/** One column's builder call (`col.string({ … })`). */
export function columnSource(field: CodingField): string {
  const options: string[] = [`label: ${labelSource(field.label)}`];
  const dflt = defaultLiteral(field);
  if (!field.required && dflt === undefined) options.push('nullable: true');
  if (dflt !== undefined) options.push(`default: ${dflt}`);
  if (field.kind === 'string' && !field.values) {
    if (field.required) options.push('min: 1');
    options.push(`max: ${field.length ?? 255}`);
  }
  if (field.unique) options.push('unique: true');
  if (field.dict) options.push(`dict: '${field.dict}'`);
  const body = `{ ${options.join(', ')} }`;
  if (field.values) return `col.stringEnum([${field.values.map((v) => `'${v}'`).join(', ')}], ${body})`;
  if (field.kind === 'json') return `col.json(z.unknown(), ${body})`;
  return `col.${field.kind}(${body})`;
}

/** The fields the keyword searches, and those an equality filter narrows. */
function queryOf(spec: EntitySpec) {
  const searched = spec.fields.filter((f) => f.search);
  const like = searched.filter((f) => (f.kind === 'string' || f.kind === 'text') && !f.dict && !f.values);
  const eq = searched.filter((f) => !like.includes(f) && f.kind !== 'json' && f.kind !== 'text');
  return { like: like.map((f) => f.name), eq: eq.map((f) => f.name) };
}

/** The entity's declaration and its menus (packages/contract/src/<module>/<file>.ts). */
export function declarationSource(spec: EntitySpec, n: EntityNames = namesOf(spec.module, spec.path)): string {
  const { like, eq } = queryOf(spec);
  const query = [
    like.length > 0 ? `keyWordLikeFields: [${like.map((f) => `'${f}'`).join(', ')}]` : '',
    eq.length > 0 ? `fieldEq: [${eq.map((f) => `'${f}'`).join(', ')}]` : '',
  ].filter(Boolean);
  const menu = spec.menu ?? spec.label;
  const usesZod = spec.fields.some((f) => f.kind === 'json');
  return `${usesZod ? "import { z } from 'zod';\n" : ''}import { col } from '../core/columns.js';
import { defineEntity, type EntityRowOf } from '../core/entity.js';
import { label } from '../core/i18n.js';
import { crudPermRows, defineMenus, menuDirectory, menuPage } from '../core/menu.js';

/** ${spec.label.en}. */
export const ${n.constName} = defineEntity({
  module: '${n.module}',
  path: '${n.path}',
  entityName: '${n.entityName}',
  table: '${n.table}',
  label: ${labelSource(spec.label)},
  columns: {
${spec.fields.map((f) => `    ${f.name}: ${columnSource(f)},`).join('\n')}
  },${query.length > 0 ? `\n  query: { ${query.join(', ')} },` : ''}
});

export type ${n.typeName} = EntityRowOf<typeof ${n.constName}>;

/** Its menu page and permission rows: a seed step of its own, so existing installs receive it. */
export const ${n.menusConst} = defineMenus(
  '${n.module}',
  '1',
  [
    menuDirectory('${menu['zh-cn']}', 'icon-menu', 50, [
      menuPage('${spec.label['zh-cn']}', '${n.router}', '${n.viewPath}', 'icon-menu', 99, crudPermRows(${n.constName}.perms)),
    ]),
  ],
  '${n.path}',
);
`;
}

/** The server's routes and menu seed of the entity (server/src/modules/<module>/<file>.routes.ts). */
export function routesSource(n: EntityNames): string {
  return `import { ${n.constName}, ${n.menusConst} } from '@backroom/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../core/context.js';
import { createCrud, mountCrud } from '../../core/crud/factory.js';
import { menuSeed, type SysMenuService } from '../base/index.js';

/** ${n.typeName}: its standard routes and its menus. */
export function register${n.typeName}Routes(app: FastifyInstance, ctx: AppContext, base: { menus: SysMenuService }) {
  mountCrud(app, ctx, createCrud(ctx, ${n.constName}));
  ctx.seeds.add(menuSeed(${n.menusConst}, base.menus));
}
`;
}

/** The screen (web/src/modules/<module>/views/<file>.tsx): the CRUD page the declaration gives. */
export function viewSource(spec: EntitySpec, n: EntityNames): string {
  const unlisted = spec.fields.filter((f) => !f.list);
  const overrides =
    unlisted.length > 0
      ? ` overrides={{ ${unlisted.map((f) => `${f.name}: { column: { hidden: true } }`).join(', ')} }}`
      : '';
  return `import { ${n.constName} } from '@backroom/contract';
import { CrudPage } from '../../../core/crud/CrudPage';

/** ${spec.label.en}: the screen its declaration gives (docs/architecture.md, "Adding an entity"). */
export default function ${n.typeName}View() {
  return <CrudPage entity={${n.constName}}${overrides} />;
}
`;
}

/** The menu names in each language, as the web's `menus` messages hold them (keys: the seeded zh-cn names). */
export function menuTexts(spec: EntitySpec): Record<(typeof LOCALES)[number], Record<string, string>> {
  const menu = spec.menu ?? spec.label;
  const entries = (locale: (typeof LOCALES)[number]) => ({
    [menu['zh-cn']]: menu[locale],
    [spec.label['zh-cn']]: spec.label[locale],
  });
  return { 'zh-cn': entries('zh-cn'), 'zh-tw': entries('zh-tw'), en: entries('en') };
}

/**
 * The declaration the spec describes, built as data (no generated code is evaluated): what the
 * server diffs against the migrations to write the entity's migration before its file exists.
 */
export function entityFromSpec(spec: EntitySpec) {
  const n = namesOf(spec.module, spec.path);
  const columns: Columns = {};
  for (const f of spec.fields) {
    const base = {
      label: f.label,
      nullable: !f.required && f.default === undefined ? true : undefined,
      default: f.default,
      unique: f.unique || undefined,
      dict: f.dict,
    };
    const options = Object.fromEntries(Object.entries(base).filter(([, v]) => v !== undefined)) as { label: Label };
    if (f.values) columns[f.name] = col.stringEnum(f.values as [string, ...string[]], options);
    else if (f.kind === 'string')
      columns[f.name] = col.string({ ...options, max: f.length ?? 255, min: f.required ? 1 : undefined });
    else if (f.kind === 'json') columns[f.name] = col.json(z.unknown(), options);
    else columns[f.name] = (col[f.kind] as (o: { label: Label }) => Columns[string])(options);
  }
  const { like, eq } = queryOf(spec);
  return defineEntity({
    module: n.module,
    path: n.path,
    entityName: n.entityName,
    table: n.table,
    label: spec.label,
    columns,
    query: { keyWordLikeFields: like, fieldEq: eq },
  });
}
