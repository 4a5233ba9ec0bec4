/**
 * An entity: a table with the standard calls (add, delete, update, info, list, page) and the ones
 * its declaration adds. Its parts each have a file: the columns in columns.ts and the rows and
 * bodies they give in bodies.ts, the endpoints (and controllers, declarations without a table) in
 * endpoints.ts, ownership and tenants in ownership.ts, the keyword text index in text-index.ts,
 * Excel in excel.ts; the menus a module seeds are in menu.ts.
 */
import { z } from 'zod';
import {
  type AddResult,
  addedId,
  buildSchemas,
  type CreateOf,
  type EntityRow,
  idSchema,
  idsSchema,
  infoQuerySchema,
  intLike,
  type Joined,
  type JoinedField,
  type ListOf,
  MAX_KEYWORD_LENGTH,
  MAX_PAGE_SIZE,
  orderableColumns,
  type PageBody,
  type PageInput,
  type PageQueryOp,
  type QueryOptions,
  type RowOf,
  type Shape,
  type StandardResults,
  type StandardSchemas,
  type UpdateOf,
} from './bodies.js';
import { type ColumnFlags, type Columns, DATETIME_PATTERN } from './columns.js';
import {
  type Audience,
  type Auth,
  type BodyOf,
  type Controller,
  defineController,
  type Endpoint,
  type EndpointDef,
  type ExtraApi,
  endpointOf,
  type HttpMethod,
  type InputOf,
  inputSchemaOf,
  permOf,
  type ResultOf,
  type Returns,
  returns,
  toEndpoint,
} from './endpoints.js';
import {
  EXCEL_ACTIONS,
  EXCEL_IMPORT_MAX_BYTES,
  EXCEL_IMPORT_MAX_ROWS,
  EXCEL_REPORT_MAX_ROWS,
  type ExcelAction,
  type ExcelApiOf,
  type ExcelOption,
  type ExcelPermsOf,
  excelActions,
  excelEndpoints,
  type ImportCellError,
  type ImportReport,
  type ImportReportRow,
  type ImportResult,
  type ImportRowAction,
  type ResolvedExcel,
  resolveExcel,
} from './excel.js';
import type { Label } from './i18n.js';
import { type Ownership, TENANT_COLUMN, withTenantColumn } from './ownership.js';
import type { IndexDecl } from './table.js';
import { textIndexColumns } from './text-index.js';

export const STANDARD_ACTIONS = ['add', 'delete', 'update', 'info', 'list', 'page'] as const;
export type StandardAction = (typeof STANDARD_ACTIONS)[number];

export type StandardInputs = Partial<Record<StandardAction, z.ZodType>>;

export type EntityOptions<
  C extends Columns,
  X extends Record<string, EndpointDef>,
  S extends readonly StandardAction[],
  Q extends QueryOptions<C>,
  J extends Joined,
  W extends Shape,
  F extends Shape,
  R extends Shape,
  I extends StandardInputs,
  XL extends ExcelOption<Extract<keyof C | keyof J, string>> | undefined = undefined,
> = {
  readonly module: string;
  /** The entity's path inside its module: `sys/user` gives `/admin/base/sys/user`. */
  readonly path: string;
  /** The family's entity class name, shown in EPS and recycle records. */
  readonly entityName: string;
  readonly table: string;
  readonly label: Label;
  readonly columns: C;
  /** Standard actions this entity serves; all six when absent. */
  readonly standard?: S;
  readonly query?: Q;
  /** Fields accepted on add/update that are not columns (a user's roleIdList, a new password). */
  readonly writeFields?: W;
  /** Extra page/list filters that are not columns (the user page's departmentIds). */
  readonly filters?: F;
  /** Joined fields the page/list/info views add (departmentName, roleName…), for EPS and types. */
  readonly joined?: J;
  /**
   * Joined fields the keyword searches too (the request log's user name): listed first among the
   * keyword fields in EPS, as the page searches them. The server names their SQL (CrudOptions.keywordRefs).
   */
  readonly keyWordJoined?: readonly Extract<keyof J, string>[];
  /** Fields the info view adds that are not columns (a role's menuIdList). */
  readonly readFields?: R;
  readonly extra?: X;
  /** A standard action whose body differs from the standard one (department delete's deleteUser). */
  readonly inputs?: I;
  /** Indexes of more than one column (one column's index is its `index` or `unique` flag). */
  readonly indexes?: readonly IndexDecl[];
  /** Default order of page and list. */
  readonly defaultOrder?: {
    readonly column: Extract<keyof C, string> | 'id' | 'createTime';
    readonly sort: 'asc' | 'desc';
  };
  /**
   * Rows owned by a staff user in a store (customers, invitations, activities): the retail data
   * scope applies on every path (see docs/architecture.md §4).
   */
  readonly ownership?: Ownership<Extract<keyof C, string>>;
  /**
   * Rows kept per tenant: the table gets a `tenantId` column (TENANT_COLUMN, hidden: never read
   * from a body, never answered) that the CRUD factory fills from the operator's tenant on add and
   * matches on every read and write (docs/architecture.md §4, "Tenants").
   */
  readonly tenant?: true;
  /** Excel export and import (the CRUD kit's capability): adds export, import, importCheck and importCommit. */
  readonly excel?: XL;
};

/** The standard endpoints keyed by action, typed by their bodies and answers. */
type StandardApi<
  C extends Columns,
  S extends readonly StandardAction[],
  Q extends QueryOptions<C>,
  J extends Joined,
  W extends Shape,
  F extends Shape,
  R extends Shape,
  I extends StandardInputs,
> = {
  readonly [A in S[number]]: Endpoint<
    A,
    A extends keyof I
      ? I[A] extends z.ZodType
        ? I[A]
        : StandardSchemas<C, Q, W, F>[A]
      : StandardSchemas<C, Q, W, F>[A],
    StandardResults<EntityRow<C, J, R>>[A]
  >;
};

/*
 * Unparameterised, `Entity` is any entity: what code that serves every one (the CRUD factory, EPS,
 * OpenAPI, the CRUD page) takes. A declaration's own type (`typeof sysUser`) carries its columns,
 * actions, bodies and rows.
 */
/* biome-ignore-start lint/suspicious/noExplicitAny: the defaults make the bare type the widest entity */
export type Entity<
  C extends Columns = Columns,
  X extends Record<string, EndpointDef> = any,
  S extends readonly StandardAction[] = any,
  Q extends QueryOptions<C> = any,
  J extends Joined = any,
  W extends Shape = any,
  F extends Shape = any,
  R extends Shape = any,
  I extends StandardInputs = any,
  XL = any,
> = {
  readonly kind: 'entity';
  readonly module: string;
  readonly path: string;
  readonly prefix: string;
  readonly entityName: string;
  readonly table: string;
  /** An entity's rows have an id, createTime and updateTime (see TableDecl). */
  readonly base: 'entity';
  readonly indexes: readonly IndexDecl[];
  /** The columns of the table's text index (query.textIndex: its keyword fields); absent without one. */
  readonly textIndex?: readonly string[];
  /** The keyword fields held as 6-character pieces instead (query.textIndex.identifiers). */
  readonly textIdentifiers?: readonly string[];
  /** The columns of the text index also held as 2-character pieces (query.textIndex.pairs). */
  readonly textPairs?: readonly string[];
  readonly label: Label;
  readonly columns: C;
  readonly standard: readonly StandardAction[];
  readonly query: PageQueryOp<Extract<keyof C, string>>;
  readonly joined: J;
  /** Joined fields the keyword searches besides the columns (see EntityOptions.keyWordJoined). */
  readonly keyWordJoined: readonly string[];
  readonly readFields: R;
  readonly defaultOrder: { readonly column: string; readonly sort: 'asc' | 'desc' };
  /** Owner and store columns of an owned entity (the retail data scope); null when it has none. */
  readonly ownership: Ownership | null;
  /** Whether rows are kept per tenant (the hidden TENANT_COLUMN). */
  readonly tenant: boolean;
  /** Excel export and import, resolved: the columns a file holds, those an import reads, its key; null when off. */
  readonly excel: ResolvedExcel | null;
  /** Every column a client may order by. */
  readonly orderable: ReadonlySet<string>;
  readonly perms: Readonly<Record<StandardAction | Extract<keyof X, string> | ExcelPermsOf<XL>, string>>;
  readonly endpoints: readonly Endpoint[];
  /** The endpoints by action, typed: `sysUser.api.move`. */
  readonly api: StandardApi<C, S, Q, J, W, F, R, I> & ExtraApi<X> & ExcelApiOf<C, Q, F, XL>;
  readonly schemas: {
    readonly row: z.ZodType<EntityRow<C, J, R>>;
    readonly create: z.ZodObject;
    readonly update: z.ZodObject;
    readonly page: z.ZodObject;
    readonly list: z.ZodObject;
  };
};

/* biome-ignore-end lint/suspicious/noExplicitAny: the defaults make the bare type the widest entity */

const STANDARD_SUMMARIES: Record<StandardAction, Label> = {
  add: { 'zh-cn': '新增', 'zh-tw': '新增', en: 'Add' },
  delete: { 'zh-cn': '删除', 'zh-tw': '刪除', en: 'Delete' },
  update: { 'zh-cn': '修改', 'zh-tw': '修改', en: 'Update' },
  info: { 'zh-cn': '单个信息', 'zh-tw': '單個資訊', en: 'Info' },
  list: { 'zh-cn': '列表查询', 'zh-tw': '列表查詢', en: 'List' },
  page: { 'zh-cn': '分页查询', 'zh-tw': '分頁查詢', en: 'Page' },
};

/** The endpoints of an entity: its standard calls, the ones it declares besides and its Excel calls. */
function entityEndpoints(
  options: { readonly module: string; readonly path: string },
  standard: readonly StandardAction[],
  standardInputs: Record<StandardAction, z.ZodType>,
  extra: Record<string, EndpointDef>,
  excel: Partial<Record<string, EndpointDef>>,
): Endpoint[] {
  const endpoints: Endpoint[] = [];
  for (const action of standard) {
    const def: EndpointDef = {
      method: action === 'info' ? 'get' : 'post',
      summary: STANDARD_SUMMARIES[action],
      input: standardInputs[action],
    };
    endpoints.push(toEndpoint(options.module, options.path, action, def));
  }
  for (const [action, def] of [...Object.entries(extra), ...Object.entries(excel)]) {
    if (!def) continue;
    endpoints.push(toEndpoint(options.module, options.path, action, def));
  }
  return endpoints;
}

export function defineEntity<
  C extends Columns,
  X extends Record<string, EndpointDef> = Record<never, EndpointDef>,
  const S extends readonly StandardAction[] = typeof STANDARD_ACTIONS,
  const Q extends QueryOptions<C> = Record<never, never>,
  J extends Joined = Record<never, JoinedField>,
  W extends Shape = Record<never, z.ZodType>,
  F extends Shape = Record<never, z.ZodType>,
  R extends Shape = Record<never, z.ZodType>,
  I extends StandardInputs = Record<never, z.ZodType>,
  const XL extends ExcelOption<Extract<keyof C | keyof J, string>> | undefined = undefined,
>(options: EntityOptions<C, X, S, Q, J, W, F, R, I, XL>): Entity<C, X, S, Q, J, W, F, R, I, XL> {
  type Declared = Entity<C, X, S, Q, J, W, F, R, I, XL>;
  const standard: readonly StandardAction[] = options.standard ?? STANDARD_ACTIONS;
  const columns = withTenantColumn(options.table, options.columns, options.tenant ?? false);
  const schemas = buildSchemas({ ...options, columns });
  const inputs: StandardInputs = options.inputs ?? {};
  const standardInputs: Record<StandardAction, z.ZodType> = {
    // One row, or an array of rows added together.
    add: inputs.add ?? z.union([schemas.create, z.array(schemas.create).min(1).max(1000)]),
    delete: inputs.delete ?? idsSchema,
    update: inputs.update ?? schemas.update,
    info: inputs.info ?? infoQuerySchema,
    list: inputs.list ?? schemas.list,
    page: inputs.page ?? schemas.page,
  };
  const extra: Record<string, EndpointDef> = options.extra ?? {};
  const excel = options.excel ? resolveExcel(options.columns, options.excel, Object.keys(options.joined ?? {})) : null;
  const excelCalls = excel ? excelEndpoints(schemas.list, excel.columns, excel.importable) : {};
  const endpoints = entityEndpoints(options, standard, standardInputs, extra, excelCalls);
  const perms = Object.fromEntries(
    [...STANDARD_ACTIONS, ...Object.keys(extra), ...(excel ? excelActions(excel) : [])].map((a) => [
      a,
      permOf(options.module, options.path, a),
    ]),
  ) as Declared['perms'];
  const query: PageQueryOp<Extract<keyof C, string>> = {
    keyWordLikeFields: options.query?.keyWordLikeFields ?? [],
    fieldEq: options.query?.fieldEq ?? [],
    fieldLike: options.query?.fieldLike ?? [],
    textIndex: options.query?.textIndex ?? false,
  };
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
    ...textIndexColumns(options.table, query.keyWordLikeFields, query.textIndex),
    label: options.label,
    columns,
    standard,
    query,
    joined: options.joined ?? ({} as J),
    keyWordJoined: options.keyWordJoined ?? [],
    readFields: options.readFields ?? ({} as R),
    defaultOrder: options.defaultOrder ?? { column: 'id', sort: 'desc' },
    ownership: options.ownership ?? null,
    tenant: options.tenant ?? false,
    excel,
    orderable: orderableColumns(options.columns, 'reveal' in perms),
    perms,
    endpoints,
    // The endpoints keyed by action; their types come from the declaration (StandardApi, ExtraApi).
    api: Object.fromEntries(endpoints.map((e) => [e.action, e])) as Declared['api'],
    schemas: {
      ...schemas,
      // Built at run time from the same columns the row type is derived from.
      row: schemas.row as z.ZodType as z.ZodType<EntityRow<C, J, R>>,
    },
  };
}

/** The row type of an entity: `EntityRowOf<typeof sysUser>`. */
export type EntityRowOf<E> =
  E extends Entity<infer C, infer _X, infer _S, infer _Q, infer J, infer _W, infer _F, infer R>
    ? EntityRow<C, J, R>
    : never;

/** The add body of one row of an entity: `CreateBodyOf<typeof customerInfo>`. */
export type CreateBodyOf<E> =
  E extends Entity<infer C, infer _X, infer _S, infer _Q, infer _J, infer W> ? CreateOf<C, W> : never;

/** The schema of one row's add body, typed by the declaration: for verbs that take what add takes (create). */
export function createSchemaOf<E extends Entity>(entity: E): z.ZodType<CreateBodyOf<E>, CreateBodyOf<E>> {
  return entity.schemas.create as z.ZodType as z.ZodType<CreateBodyOf<E>, CreateBodyOf<E>>;
}

export type Declaration = Entity | Controller;

// What the parts export, as the package has always exported it from here.
export type {
  AddResult,
  Audience,
  Auth,
  BodyOf,
  ColumnFlags,
  Controller,
  CreateOf,
  Endpoint,
  EndpointDef,
  EntityRow,
  ExcelAction,
  ExcelOption,
  HttpMethod,
  ImportCellError,
  ImportReport,
  ImportReportRow,
  ImportResult,
  ImportRowAction,
  InputOf,
  Joined,
  JoinedField,
  ListOf,
  Ownership,
  PageBody,
  PageInput,
  PageQueryOp,
  ResultOf,
  Returns,
  RowOf,
  UpdateOf,
};
export {
  addedId,
  DATETIME_PATTERN,
  defineController,
  EXCEL_ACTIONS,
  EXCEL_IMPORT_MAX_BYTES,
  EXCEL_IMPORT_MAX_ROWS,
  EXCEL_REPORT_MAX_ROWS,
  endpointOf,
  excelActions,
  idSchema,
  idsSchema,
  infoQuerySchema,
  inputSchemaOf,
  intLike,
  MAX_KEYWORD_LENGTH,
  MAX_PAGE_SIZE,
  permOf,
  returns,
  TENANT_COLUMN,
};
