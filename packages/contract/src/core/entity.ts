import { z } from 'zod';
import { type Column, type Columns, type ColumnValue, DATETIME_PATTERN, INT_MAX, INT_MIN, noNul } from './columns.js';
import type { Label } from './i18n.js';
import type { IndexDecl } from './table.js';

export type HttpMethod = 'get' | 'post';

/**
 * Who may call an endpoint: `perm` needs the endpoint's own permission string, `login` any valid
 * session, `open` nobody at all (the spec's ignoreToken list).
 */
export type Auth = 'perm' | 'login' | 'open';

export type EndpointDef = {
  readonly method: HttpMethod;
  readonly summary: Label;
  readonly auth?: Auth;
  /** Validates the body of a POST or the query of a GET. */
  readonly input?: z.ZodType;
};

export type Endpoint = EndpointDef & {
  readonly action: string;
  /** `/admin/base/sys/user/page`; the server mounts it under `/api`. */
  readonly url: string;
  readonly auth: Auth;
  /** `base:sys:user:page`, derived once from the url; null where the auth is not `perm`. */
  readonly perm: string | null;
};

export const STANDARD_ACTIONS = ['add', 'delete', 'update', 'info', 'list', 'page'] as const;
export type StandardAction = (typeof STANDARD_ACTIONS)[number];

/** Largest page a client may ask for; larger sizes are refused, not silently cut. */
export const MAX_PAGE_SIZE = 500;
export const MAX_KEYWORD_LENGTH = 100;

export type PageQueryOp<K extends string = string> = {
  readonly keyWordLikeFields: readonly K[];
  readonly fieldEq: readonly K[];
  readonly fieldLike: readonly K[];
};

type BaseRow = { id: number; createTime: string; updateTime: string };

export type RowOf<C extends Columns> = BaseRow & { [K in keyof C]: ColumnValue<C[K]> };

/** Read a numeric text as a number, so query strings and loose clients still validate. */
export const intLike = z.preprocess(
  (v) => (typeof v === 'string' && /^-?\d{1,15}$/.test(v.trim()) ? Number(v) : v),
  z.number().int().min(INT_MIN).max(INT_MAX),
);
export const idSchema = z.preprocess(
  (v) => (typeof v === 'string' && /^\d{1,15}$/.test(v.trim()) ? Number(v) : v),
  z.number().int().positive().max(INT_MAX),
);
/** Free text a client searches with: bounded, and without NUL (PostgreSQL refuses it). */
const searchText = z.string().max(MAX_KEYWORD_LENGTH).refine(noNul);
export const idsSchema = z.object({ ids: z.array(idSchema).min(1).max(1000) });
export const infoQuerySchema = z.object({ id: idSchema });

function valueOrList(schema: z.ZodType): z.ZodType {
  return z.union([schema, z.array(schema).max(1000)]);
}

/** The schema a filter value is checked against: numbers may come as numeric text. */
function filterSchema(column: Column<unknown>): z.ZodType {
  switch (column.kind) {
    case 'int':
    case 'bigint':
      return z.preprocess(
        (v) => (typeof v === 'string' && /^-?\d{1,15}$/.test(v.trim()) ? Number(v) : v),
        column.schema,
      );
    case 'bool':
      return z.preprocess(
        (v) => (v === 1 || v === '1' || v === 'true' ? true : v === 0 || v === '0' || v === 'false' ? false : v),
        z.boolean(),
      );
    case 'decimal':
      return z.preprocess((v) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v), z.number());
    case 'string':
    case 'text':
    case 'datetime':
    case 'json':
      return z.string().max(1000).refine(noNul);
  }
}

/** Empty strings and nulls in a filter mean "no filter", as a cleared search form sends them. */
const emptyToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);

export type EntityOptions<C extends Columns, X extends Record<string, EndpointDef>> = {
  readonly module: string;
  /** The entity's path inside its module: `sys/user` gives `/admin/base/sys/user`. */
  readonly path: string;
  /** The family's entity class name, shown in EPS and recycle records. */
  readonly entityName: string;
  readonly table: string;
  readonly label: Label;
  readonly columns: C;
  /** Standard actions this entity serves; all six when absent. */
  readonly standard?: readonly StandardAction[];
  readonly query?: Partial<PageQueryOp<Extract<keyof C, string>>>;
  /** Fields accepted on add/update that are not columns (a user's roleIdList, a new password). */
  readonly writeFields?: z.ZodRawShape;
  /** Extra page/list filters that are not columns (the user page's departmentIds). */
  readonly filters?: z.ZodRawShape;
  /** Joined fields the page/list/info views add (departmentName, roleName…), for EPS and types. */
  readonly joined?: Readonly<Record<string, { label: Label; type: 'string' | 'number' }>>;
  readonly extra?: X;
  /** A standard action whose body differs from the standard one (department delete's deleteUser). */
  readonly inputs?: Partial<Record<StandardAction, z.ZodType>>;
  /** Indexes of more than one column (one column's index is its `index` or `unique` flag). */
  readonly indexes?: readonly IndexDecl[];
  /** Default order of page and list. */
  readonly defaultOrder?: {
    readonly column: Extract<keyof C, string> | 'id' | 'createTime';
    readonly sort: 'asc' | 'desc';
  };
};

export type Entity<C extends Columns = Columns, X extends Record<string, EndpointDef> = Record<string, EndpointDef>> = {
  readonly kind: 'entity';
  readonly module: string;
  readonly path: string;
  readonly prefix: string;
  readonly entityName: string;
  readonly table: string;
  /** An entity's rows have an id, createTime and updateTime (see TableDecl). */
  readonly base: 'entity';
  readonly indexes: readonly IndexDecl[];
  readonly label: Label;
  readonly columns: C;
  readonly standard: readonly StandardAction[];
  readonly query: PageQueryOp<Extract<keyof C, string>>;
  readonly joined: Readonly<Record<string, { label: Label; type: 'string' | 'number' }>>;
  readonly defaultOrder: { readonly column: string; readonly sort: 'asc' | 'desc' };
  /** Every column a client may order by. */
  readonly orderable: ReadonlySet<string>;
  readonly perms: Readonly<Record<StandardAction | Extract<keyof X, string>, string>>;
  readonly endpoints: readonly Endpoint[];
  readonly schemas: {
    readonly row: z.ZodType<RowOf<C>>;
    readonly create: z.ZodObject;
    readonly update: z.ZodObject;
    readonly page: z.ZodObject;
    readonly list: z.ZodObject;
  };
};

export type Controller<X extends Record<string, EndpointDef> = Record<string, EndpointDef>> = {
  readonly kind: 'controller';
  readonly module: string;
  readonly path: string;
  readonly prefix: string;
  readonly label: Label;
  readonly perms: Readonly<Record<Extract<keyof X, string>, string>>;
  readonly endpoints: readonly Endpoint[];
};

export type Declaration = Entity | Controller;

export function permOf(module: string, path: string, action: string): string {
  return [module, ...path.split('/'), action].join(':');
}

function toEndpoint(module: string, path: string, action: string, def: EndpointDef): Endpoint {
  const auth = def.auth ?? 'perm';
  return {
    ...def,
    action,
    auth,
    url: `/admin/${module}/${path}/${action}`,
    perm: auth === 'perm' ? permOf(module, path, action) : null,
  };
}

function buildSchemas(columns: Columns, options: EntityOptions<Columns, Record<string, EndpointDef>>) {
  const rowShape: Record<string, z.ZodType> = {
    id: z.number().int(),
    createTime: z.string(),
    updateTime: z.string(),
  };
  const createShape: Record<string, z.ZodType> = {};
  const eqShape: Record<string, z.ZodType> = {};
  const likeShape: Record<string, z.ZodType> = {};
  const query = options.query ?? {};
  for (const [name, column] of Object.entries(columns)) {
    if (!column.hidden) rowShape[name] = column.nullable ? column.schema.nullable() : column.schema;
    if (column.hidden) continue;
    const required = !column.nullable && column.defaultValue === undefined;
    createShape[name] = column.nullable
      ? column.schema.nullable().optional()
      : required
        ? column.schema
        : column.schema.optional();
  }
  for (const name of query.fieldEq ?? []) {
    const column = columns[name];
    if (column) eqShape[name] = z.preprocess(emptyToUndefined, valueOrList(filterSchema(column)).optional());
  }
  for (const name of query.fieldLike ?? []) {
    likeShape[name] = z.preprocess(emptyToUndefined, searchText.optional());
  }
  const writeShape = options.writeFields ?? {};
  const listShape = {
    keyWord: z.preprocess(emptyToUndefined, searchText.optional()),
    order: z.preprocess(emptyToUndefined, z.string().max(64).optional()),
    sort: z.preprocess(
      (v) => (typeof v === 'string' && v !== '' ? v.toLowerCase() : emptyToUndefined(v)),
      z.enum(['asc', 'desc']).optional(),
    ),
    ...eqShape,
    ...likeShape,
    ...(options.filters ?? {}),
  };
  const create = z.object({ ...createShape, ...writeShape });
  const update = z.object({ id: idSchema, ...create.partial().shape });
  const page = z.object({
    page: z.preprocess(emptyToUndefined, intLike.pipe(z.number().min(1)).optional()).default(1),
    size: z.preprocess(emptyToUndefined, intLike.pipe(z.number().min(1).max(MAX_PAGE_SIZE)).optional()).default(20),
    ...listShape,
  });
  return { row: z.object(rowShape), create, update, page, list: z.object(listShape) };
}

export function defineEntity<C extends Columns, X extends Record<string, EndpointDef> = Record<never, EndpointDef>>(
  options: EntityOptions<C, X>,
): Entity<C, X> {
  const standard = options.standard ?? STANDARD_ACTIONS;
  const loose = options as unknown as EntityOptions<Columns, Record<string, EndpointDef>>;
  const schemas = buildSchemas(options.columns, loose);
  const standardDefs: Record<StandardAction, EndpointDef> = {
    add: {
      method: 'post',
      summary: { 'zh-cn': '新增', 'zh-tw': '新增', en: 'Add' },
      // One row, or an array of rows added together.
      input: z.union([schemas.create, z.array(schemas.create).min(1).max(1000)]),
    },
    delete: { method: 'post', summary: { 'zh-cn': '删除', 'zh-tw': '刪除', en: 'Delete' }, input: idsSchema },
    update: { method: 'post', summary: { 'zh-cn': '修改', 'zh-tw': '修改', en: 'Update' }, input: schemas.update },
    info: { method: 'get', summary: { 'zh-cn': '单个信息', 'zh-tw': '單個資訊', en: 'Info' }, input: infoQuerySchema },
    list: { method: 'post', summary: { 'zh-cn': '列表查询', 'zh-tw': '列表查詢', en: 'List' }, input: schemas.list },
    page: { method: 'post', summary: { 'zh-cn': '分页查询', 'zh-tw': '分頁查詢', en: 'Page' }, input: schemas.page },
  };
  const endpoints: Endpoint[] = [];
  for (const action of standard) {
    const input = options.inputs?.[action] ?? standardDefs[action].input;
    endpoints.push(toEndpoint(options.module, options.path, action, { ...standardDefs[action], input }));
  }
  for (const [action, def] of Object.entries(options.extra ?? {})) {
    endpoints.push(toEndpoint(options.module, options.path, action, def));
  }
  const perms = Object.fromEntries(
    [...STANDARD_ACTIONS, ...Object.keys(options.extra ?? {})].map((a) => [a, permOf(options.module, options.path, a)]),
  ) as Record<StandardAction | Extract<keyof X, string>, string>;
  const query: PageQueryOp<Extract<keyof C, string>> = {
    keyWordLikeFields: options.query?.keyWordLikeFields ?? [],
    fieldEq: options.query?.fieldEq ?? [],
    fieldLike: options.query?.fieldLike ?? [],
  };
  const orderable = new Set<string>(['id', 'createTime', 'updateTime']);
  for (const [name, column] of Object.entries(options.columns)) {
    if (!column.hidden && column.kind !== 'json' && column.kind !== 'text') orderable.add(name);
  }
  return {
    kind: 'entity',
    module: options.module,
    path: options.path,
    prefix: `/admin/${options.module}/${options.path}`,
    entityName: options.entityName,
    table: options.table,
    base: 'entity',
    // Pages are ordered by createTime as often as by id.
    indexes: [...(options.indexes ?? []), { columns: ['createTime'] }],
    label: options.label,
    columns: options.columns,
    standard,
    query,
    joined: options.joined ?? {},
    defaultOrder: options.defaultOrder ?? { column: 'id', sort: 'desc' },
    orderable,
    perms,
    endpoints,
    schemas: schemas as unknown as Entity<C, X>['schemas'],
  };
}

export function defineController<X extends Record<string, EndpointDef>>(options: {
  readonly module: string;
  readonly path: string;
  readonly label: Label;
  readonly endpoints: X;
}): Controller<X> {
  const endpoints = Object.entries(options.endpoints).map(([action, def]) =>
    toEndpoint(options.module, options.path, action, def),
  );
  const perms = Object.fromEntries(
    Object.keys(options.endpoints).map((a) => [a, permOf(options.module, options.path, a)]),
  ) as Record<Extract<keyof X, string>, string>;
  return {
    kind: 'controller',
    module: options.module,
    path: options.path,
    prefix: `/admin/${options.module}/${options.path}`,
    label: options.label,
    perms,
    endpoints,
  };
}

export { DATETIME_PATTERN };
