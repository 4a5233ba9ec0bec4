import { z } from 'zod';
import {
  type Column,
  type ColumnFlags,
  type ColumnKind,
  type Columns,
  type ColumnValue,
  col,
  DATETIME_PATTERN,
  INT_MAX,
  INT_MIN,
  type SensitiveKind,
  type VisibleKeys,
} from './columns.js';
import type { PageResult } from './envelope.js';
import { type Label, label } from './i18n.js';
import { NUL_ISSUE, noNul, refuseNul } from './nul.js';
import type { IndexDecl } from './table.js';

export type HttpMethod = 'get' | 'post';

/**
 * Who may call an endpoint: `perm` needs the endpoint's own permission string, `login` any valid
 * staff session, `open` nobody at all (the spec's ignoreToken list), `app` an app user's session
 * (a token of the app audience, issued by base/open/appLogin; staff tokens are refused there).
 */
export type Auth = 'perm' | 'login' | 'open' | 'app';

/** Whose calls a controller serves: staff under `/admin/…`, app users (mini program, H5) under `/app/…`. */
export type Audience = 'admin' | 'app';

/** A response type without a runtime schema: `output: returns<SysMenu[]>()` types the callers. */
export type Returns<T> = { readonly kind: 'returns'; readonly __type?: T };
export function returns<T>(): Returns<T> {
  return { kind: 'returns' };
}

export type EndpointDef = {
  readonly method: HttpMethod;
  readonly summary: Label;
  readonly auth?: Auth;
  /** Validates the body of a POST or the query of a GET. */
  readonly input?: z.ZodType;
  /** What the endpoint answers (the envelope's data); types the handler and every client call. */
  readonly output?: z.ZodType | Returns<unknown>;
  /**
   * Callable while the session still owes a sign-in step (a forced password change, a required
   * two-factor enrolment): the few calls that step needs. Every other signed-in call is refused
   * until it is done (docs/architecture.md, "Account security").
   */
  readonly allowPending?: boolean;
  /**
   * An `open` call that a caller may also make with a session: then the session is checked like
   * any other and must hold the call's own permission (plugin install: open to trusted signed
   * packages, more with plugin:info:install).
   */
  readonly sessionPerm?: boolean;
};

/** The answer type an endpoint declaration states (unknown where it states none). */
type OutputOfDef<D> = D extends { readonly output: z.ZodType<infer T> }
  ? T
  : D extends { readonly output: Returns<infer T> }
    ? T
    : unknown;

type InputSchemaOfDef<D> = D extends { readonly input: infer S extends z.ZodType } ? S : undefined;

/**
 * One endpoint, resolved. `S` is its input schema and `O` what it answers: the server's `mount`
 * checks its handler against both, and the web client's `call` types the body and the result.
 */
export type Endpoint<
  A extends string = string,
  S extends z.ZodType | undefined = z.ZodType | undefined,
  O = unknown,
> = {
  readonly action: A;
  readonly method: HttpMethod;
  readonly summary: Label;
  readonly auth: Auth;
  /** `/admin/base/sys/user/page`; the server mounts it under `/api`. */
  readonly url: string;
  /** `base:sys:user:page`, derived once from the url; null where the auth is not `perm` (nor `open` with `sessionPerm`). */
  readonly perm: string | null;
  readonly input?: S;
  readonly output?: z.ZodType | Returns<unknown>;
  /** See EndpointDef.allowPending. */
  readonly allowPending?: boolean;
  /** Type-level only: what the endpoint answers. */
  readonly __result?: O;
};

/** What a handler receives: the input after validation (defaults applied, numbers read). */
export type InputOf<E> =
  E extends Endpoint<string, infer S, unknown> ? (S extends z.ZodType ? z.output<S> : undefined) : never;
/** What a client sends. */
export type BodyOf<E> =
  E extends Endpoint<string, infer S, unknown> ? (S extends z.ZodType ? z.input<S> : undefined) : never;
/** What the endpoint answers (the envelope's data). */
export type ResultOf<E> = E extends Endpoint<string, z.ZodType | undefined, infer O> ? O : never;

export const STANDARD_ACTIONS = ['add', 'delete', 'update', 'info', 'list', 'page'] as const;
export type StandardAction = (typeof STANDARD_ACTIONS)[number];

/** Largest page a client may ask for; larger sizes are refused, not silently cut. */
export const MAX_PAGE_SIZE = 500;
export const MAX_KEYWORD_LENGTH = 100;

export type PageQueryOp<K extends string = string> = {
  readonly keyWordLikeFields: readonly K[];
  readonly fieldEq: readonly K[];
  readonly fieldLike: readonly K[];
  /**
   * Search the keyword fields through the database's own text index (SQLite FTS5 trigram,
   * PostgreSQL pg_trgm), for tables too large to scan with LIKE. The answer is the same as
   * without it; only the speed differs (docs/architecture.md §4, "Keyword search").
   * `{ identifiers }` names keyword fields that hold codes and numbers (a customer code, a phone
   * number): their trigrams are each in many rows, so they are held instead by every 6-character
   * piece of their text, found by a B-tree lookup. A keyword of one or two characters has no
   * trigram: the other keyword fields are also held by every 2-character piece of their text
   * (`pairs`, all of them unless named here; `[]` for none), so it is a B-tree lookup too.
   */
  readonly textIndex: boolean | { readonly identifiers?: readonly K[]; readonly pairs?: readonly K[] };
};

type BaseRow = { id: number; createTime: string; updateTime: string };

/** A row as clients see it: the base columns and every column but the hidden ones. */
export type RowOf<C extends Columns> = BaseRow & { [K in VisibleKeys<C>]: ColumnValue<C[K]> };

/**
 * A field the page, list and info views add by a join (departmentName, roleName…). `sensitive`
 * says it carries another entity's sensitive value (an invitation's customerPhone): it leaves the
 * server masked as that column does (server/src/core/crud/masking.ts, createJoinedMasker), is no
 * sort key and no keyword field.
 */
export type JoinedField = {
  readonly label: Label;
  readonly type: 'string' | 'number' | 'bool';
  readonly sensitive?: SensitiveKind;
};
export type Joined = Readonly<Record<string, JoinedField>>;
type JoinedRow<J extends Joined> = {
  [K in keyof J]?: (J[K]['type'] extends 'number' ? number : J[K]['type'] extends 'bool' ? boolean : string) | null;
};

type Shape = z.ZodRawShape;
/** A shape's output; a shape without keys adds nothing (zod would read it as an index signature of never). */
type ShapeOutput<S extends Shape> = [keyof S] extends [never] ? Record<never, never> : z.output<z.ZodObject<S>>;

type OptionalColumn = Column<unknown, ColumnKind, { optional: true; hidden: boolean }>;
type OptionalKeys<C extends Columns> = { [K in keyof C]: C[K] extends OptionalColumn ? K : never }[keyof C] & string;

/** An add body: the columns without a default or null are required, the others may be left out. */
export type CreateOf<C extends Columns, W extends Shape = Shape> = {
  [K in Exclude<VisibleKeys<C>, OptionalKeys<C>>]: ColumnValue<C[K]>;
} & { [K in Extract<VisibleKeys<C>, OptionalKeys<C>>]?: ColumnValue<C[K]> } & Partial<ShapeOutput<W>>;

/** An update body: the id and any of the columns. */
export type UpdateOf<C extends Columns, W extends Shape = Shape> = { id: number } & Partial<CreateOf<C, W>>;

/** The list filters: keyword, order, the declared equality and like filters and the extra ones. */
export type ListOf<C extends Columns, Q extends QueryOptions<C> = QueryOptions<C>, F extends Shape = Shape> = {
  keyWord?: string;
  order?: string;
  sort?: 'asc' | 'desc';
} & {
  [K in QueryKeys<Q, 'fieldEq'>]?: K extends keyof C ? ColumnValue<C[K]> | ColumnValue<C[K]>[] : never;
} & { [K in QueryKeys<Q, 'fieldLike'>]?: string } & Partial<ShapeOutput<F>>;

export type PageInput<L> = L & { page: number; size: number };
export type PageBody<L> = L & { page?: number; size?: number };

type QueryOptions<C extends Columns> = Partial<PageQueryOp<Extract<keyof C, string>>>;
type QueryKeys<Q, P extends keyof PageQueryOp> = Q extends { readonly [K in P]: readonly (infer N extends string)[] }
  ? N
  : never;

/** Read an id (or a numeric text) as a number. */
export const intLike = z.preprocess(
  (v) => (typeof v === 'string' && /^-?\d{1,15}$/.test(v.trim()) ? Number(v) : v),
  z.number().int().min(INT_MIN).max(INT_MAX),
);
export const idSchema = z.preprocess(
  (v) => (typeof v === 'string' && /^\d{1,15}$/.test(v.trim()) ? Number(v) : v),
  z.number().int().positive().max(INT_MAX),
);
/** Free text a client searches with: bounded, and without NUL (PostgreSQL refuses it). */
const searchText = z.string().max(MAX_KEYWORD_LENGTH).refine(noNul, NUL_ISSUE);
export const idsSchema = z.object({ ids: z.array(idSchema).min(1).max(1000) });
export const infoQuerySchema = z.object({ id: idSchema });

function valueOrList(schema: z.ZodType): z.ZodType {
  return z.union([schema, z.array(schema).max(1000)]);
}

/** The schema a filter value is checked against: numbers may come as numeric text. */
function filterSchema(column: Column): z.ZodType {
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
      return z.string().max(1000).refine(noNul, NUL_ISSUE);
  }
}

/** Empty strings and nulls in a filter mean "no filter", as a cleared search form sends them. */
const emptyToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);

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
  XL extends ExcelOption<Extract<keyof C, string>> | undefined = undefined,
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

/**
 * Excel export and import of an entity. `columns` are those a file may hold (every visible column
 * when absent), in the file's order; `importColumns` those an import reads (the same when absent);
 * an import row whose `importKey` names an existing row updates it, a row without one is added.
 */
export type ExcelOption<K extends string = string> = {
  readonly columns?: readonly K[];
  readonly importColumns?: readonly K[];
  readonly importKey?: K;
  /** The example row of the import template (cells as a person types them); a neutral one when absent. */
  readonly example?: Readonly<Partial<Record<K, string | number>>>;
};

/** The calls the excel option adds; their permissions follow the url as any other's. */
export const EXCEL_ACTIONS = ['export', 'import', 'importCheck', 'importCommit'] as const;
export type ExcelAction = (typeof EXCEL_ACTIONS)[number];

/** The most rows one import file may hold (a larger file is refused as a whole). */
export const EXCEL_IMPORT_MAX_ROWS = 10_000;
/** The largest import file, in bytes. */
export const EXCEL_IMPORT_MAX_BYTES = 10 * 1024 * 1024;
/** The most report rows an import check lists (the counts cover every row). */
export const EXCEL_REPORT_MAX_ROWS = 500;

/** One problem of an import row: the cell (`C5`), its column and the message in the request's language. */
export type ImportCellError = { cell: string; column: string; message: string };
export type ImportRowAction = 'insert' | 'update' | 'skip' | 'error';
export type ImportReportRow = { row: number; action: ImportRowAction; key?: string; errors?: ImportCellError[] };
/**
 * What an import check answers: what a commit would do with each row, nothing written. The token
 * names the checked batch for importCommit (single use, for a limited time); null when no row may be committed.
 */
export type ImportReport = {
  token: string | null;
  counts: Record<ImportRowAction, number>;
  rows: ImportReportRow[];
  /** Whether rows were left out of `rows` (the counts still cover them). */
  truncated: boolean;
};
export type ImportResult = { inserted: number; updated: number };

/** The filters of a list, and the columns an export writes (at least one: they are chosen first). */
type ExportInput<C extends Columns, Q extends QueryOptions<C>, F extends Shape> = ListOf<C, Q, F> & {
  columns: Extract<keyof C, string>[];
};

type ExcelApi<C extends Columns, Q extends QueryOptions<C>, F extends Shape> = {
  readonly export: Endpoint<'export', z.ZodType<ExportInput<C, Q, F>, ExportInput<C, Q, F>>, Blob>;
  readonly import: Endpoint<'import', undefined, Blob>;
  /** A multipart upload of the filled template (no JSON body). */
  readonly importCheck: Endpoint<'importCheck', undefined, ImportReport>;
  readonly importCommit: Endpoint<'importCommit', z.ZodType<{ token: string }, { token: string }>, ImportResult>;
};

type ExcelApiOf<C extends Columns, Q extends QueryOptions<C>, F extends Shape, XL> = [XL] extends [undefined]
  ? Record<never, never>
  : ExcelApi<C, Q, F>;
type ExcelPermsOf<XL> = [XL] extends [undefined] ? never : ExcelAction;

/** The columns that name a row's owner (a staff user's id) and its store (a department's id). */
export type Ownership<K extends string = string> = { readonly owner: K; readonly store: K };

export type StandardInputs = Partial<Record<StandardAction, z.ZodType>>;

/** A row of the entity as page, list and info return it. */
export type EntityRow<C extends Columns, J extends Joined = Joined, R extends Shape = Shape> = RowOf<C> &
  JoinedRow<J> &
  Partial<ShapeOutput<R>>;

/** The schemas of the standard bodies, typed by what they accept. */
type StandardSchemas<C extends Columns, Q extends QueryOptions<C>, W extends Shape, F extends Shape> = {
  add: z.ZodType<CreateOf<C, W> | CreateOf<C, W>[], CreateOf<C, W> | CreateOf<C, W>[]>;
  delete: typeof idsSchema;
  update: z.ZodType<UpdateOf<C, W>, UpdateOf<C, W>>;
  info: typeof infoQuerySchema;
  list: z.ZodType<ListOf<C, Q, F>, ListOf<C, Q, F>>;
  page: z.ZodType<PageInput<ListOf<C, Q, F>>, PageBody<ListOf<C, Q, F>>>;
};

/** What add answers: the new row's id, or the ids of the rows an array body added. */
export type AddResult = { id: number } | { ids: number[] };

/** The id a one-row add answered. */
export function addedId(answer: AddResult): number {
  if ('id' in answer) return answer.id;
  throw new Error('one row was added, several ids came back');
}

/** What each standard action answers. */
type StandardResults<Row> = {
  add: AddResult;
  delete: undefined;
  update: undefined;
  info: Row;
  list: Row[];
  page: PageResult<Row>;
};

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

type ExtraApi<X extends Record<string, EndpointDef>> = {
  readonly [A in Extract<keyof X, string>]: Endpoint<A, InputSchemaOfDef<X[A]>, OutputOfDef<X[A]>>;
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
  readonly excel: {
    readonly columns: readonly string[];
    readonly importColumns: readonly string[];
    readonly importKey: string | null;
    readonly example: Readonly<Record<string, string | number>>;
  } | null;
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

/** An endpoint's input schema, typed: for verbs that take another's body (findPage takes page's). */
export function inputSchemaOf<S extends z.ZodType>(endpoint: Endpoint<string, S, unknown>): S {
  if (!endpoint.input) throw new Error(`${endpoint.url} declares no input`);
  return endpoint.input;
}

export type Controller<X extends Record<string, EndpointDef> = Record<string, EndpointDef>> = {
  readonly kind: 'controller';
  readonly module: string;
  readonly path: string;
  readonly prefix: string;
  readonly label: Label;
  readonly perms: Readonly<Record<Extract<keyof X, string>, string>>;
  readonly endpoints: readonly Endpoint[];
  readonly api: ExtraApi<X>;
};

export type Declaration = Entity | Controller;

export function permOf(module: string, path: string, action: string): string {
  return [module, ...path.split('/'), action].join(':');
}

function toEndpoint(
  module: string,
  path: string,
  action: string,
  def: EndpointDef,
  audience: Audience = 'admin',
): Endpoint {
  const auth = def.auth ?? 'perm';
  return {
    ...def,
    // The one place every input schema passes: none takes a NUL character in any string.
    ...(def.input ? { input: refuseNul(def.input) } : {}),
    action,
    auth,
    url: `/${audience}/${module}/${path}/${action}`,
    perm: auth === 'perm' || (auth === 'open' && def.sessionPerm === true) ? permOf(module, path, action) : null,
  };
}

type LooseOptions = {
  readonly columns: Columns;
  readonly query?: QueryOptions<Columns>;
  readonly writeFields?: Shape;
  readonly filters?: Shape;
};

/**
 * The table's text index as the declaration asks: trigram columns and identifier columns apart,
 * and the trigram columns also held as pairs (all of them unless the declaration names some).
 */
function textIndexColumns(
  table: string,
  query: PageQueryOp,
): { textIndex?: readonly string[]; textIdentifiers?: readonly string[]; textPairs?: readonly string[] } {
  if (!query.textIndex) return {};
  const identifiers = query.textIndex === true ? [] : (query.textIndex.identifiers ?? []);
  for (const name of identifiers) {
    if (!query.keyWordLikeFields.includes(name)) {
      throw new Error(`${table}: text index identifier ${name} is not a keyword field`);
    }
  }
  const words = query.keyWordLikeFields.filter((f) => !identifiers.includes(f));
  if (words.length === 0) throw new Error(`${table}: a text index needs a keyword field besides the identifiers`);
  const pairs = (query.textIndex === true ? undefined : query.textIndex.pairs) ?? words;
  for (const name of pairs) {
    if (!words.includes(name)) {
      throw new Error(`${table}: text index pairs ${name} is not a keyword field outside the identifiers`);
    }
  }
  return {
    textIndex: words,
    ...(identifiers.length > 0 ? { textIdentifiers: identifiers } : {}),
    ...(pairs.length > 0 ? { textPairs: pairs } : {}),
  };
}

function buildSchemas(options: LooseOptions) {
  const { columns } = options;
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
    if (column.hidden) continue;
    rowShape[name] = column.nullable ? column.schema.nullable() : column.schema;
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

const STANDARD_SUMMARIES: Record<StandardAction, Label> = {
  add: { 'zh-cn': '新增', 'zh-tw': '新增', en: 'Add' },
  delete: { 'zh-cn': '删除', 'zh-tw': '刪除', en: 'Delete' },
  update: { 'zh-cn': '修改', 'zh-tw': '修改', en: 'Update' },
  info: { 'zh-cn': '单个信息', 'zh-tw': '單個資訊', en: 'Info' },
  list: { 'zh-cn': '列表查询', 'zh-tw': '列表查詢', en: 'List' },
  page: { 'zh-cn': '分页查询', 'zh-tw': '分頁查詢', en: 'Page' },
};

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
  const XL extends ExcelOption<Extract<keyof C, string>> | undefined = undefined,
>(options: EntityOptions<C, X, S, Q, J, W, F, R, I, XL>): Entity<C, X, S, Q, J, W, F, R, I, XL> {
  const standard: readonly StandardAction[] = options.standard ?? STANDARD_ACTIONS;
  if (options.tenant && TENANT_COLUMN in options.columns) {
    throw new Error(`${options.table}: ${TENANT_COLUMN} comes with the tenant option, not as a column`);
  }
  // The tenant column is hidden: no body sets it and no answer carries it, so the row and body
  // types (which leave hidden columns out) need not know it.
  const columns: C = options.tenant ? ({ ...options.columns, [TENANT_COLUMN]: tenantColumn } as C) : options.columns;
  const schemas = buildSchemas({ ...options, columns });
  const standardInputs: Record<StandardAction, z.ZodType> = {
    // One row, or an array of rows added together.
    add: z.union([schemas.create, z.array(schemas.create).min(1).max(1000)]),
    delete: idsSchema,
    update: schemas.update,
    info: infoQuerySchema,
    list: schemas.list,
    page: schemas.page,
  };
  const inputs: StandardInputs = options.inputs ?? {};
  const endpoints: Endpoint[] = [];
  for (const action of standard) {
    const def: EndpointDef = {
      method: action === 'info' ? 'get' : 'post',
      summary: STANDARD_SUMMARIES[action],
      input: inputs[action] ?? standardInputs[action],
    };
    endpoints.push(toEndpoint(options.module, options.path, action, def));
  }
  const extra: Record<string, EndpointDef> = options.extra ?? {};
  for (const [action, def] of Object.entries(extra)) {
    endpoints.push(toEndpoint(options.module, options.path, action, def));
  }
  const excel = options.excel ? resolveExcel(options.columns, options.excel) : null;
  if (excel) {
    for (const [action, def] of Object.entries(excelEndpoints(schemas.list, excel.columns))) {
      endpoints.push(toEndpoint(options.module, options.path, action, def));
    }
  }
  const perms = Object.fromEntries(
    [...STANDARD_ACTIONS, ...Object.keys(extra), ...(excel ? EXCEL_ACTIONS : [])].map((a) => [
      a,
      permOf(options.module, options.path, a),
    ]),
  ) as Entity<C, X, S, Q, J, W, F, R, I, XL>['perms'];
  const query: PageQueryOp<Extract<keyof C, string>> = {
    keyWordLikeFields: options.query?.keyWordLikeFields ?? [],
    fieldEq: options.query?.fieldEq ?? [],
    fieldLike: options.query?.fieldLike ?? [],
    textIndex: options.query?.textIndex ?? false,
  };
  const orderable = new Set<string>(['id', 'createTime', 'updateTime']);
  // A masked column of an entity without a reveal permission is masked to every reader, and a sort
  // by it would tell its order (server/src/core/crud/masking.ts): it is no order key.
  const revealable = 'reveal' in perms;
  for (const [name, column] of Object.entries(options.columns)) {
    if (column.hidden || column.kind === 'json' || column.kind === 'text') continue;
    if (column.sensitive && !revealable) continue;
    orderable.add(name);
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
    ...textIndexColumns(options.table, query),
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
    orderable,
    perms,
    endpoints,
    // The endpoints keyed by action; their types come from the declaration (StandardApi, ExtraApi).
    api: Object.fromEntries(endpoints.map((e) => [e.action, e])) as Entity<C, X, S, Q, J, W, F, R, I, XL>['api'],
    schemas: {
      ...schemas,
      // Built at run time from the same columns the row type is derived from.
      row: schemas.row as z.ZodType as z.ZodType<EntityRow<C, J, R>>,
    },
  };
}

/** The column a tenant entity's rows carry their tenant in. */
export const TENANT_COLUMN = 'tenantId';

const tenantColumn = col.int({
  label: label('租户', '租戶', 'Tenant'),
  nullable: true,
  index: true,
  hidden: true,
});

/** The excel option with its defaults: every visible column, the import reading what the export writes. */
function resolveExcel(columns: Columns, option: ExcelOption): NonNullable<Entity['excel']> {
  const visible = Object.keys(columns).filter((name) => !columns[name]?.hidden);
  const known = (names: readonly string[]) => {
    for (const name of names) {
      if (!visible.includes(name)) throw new Error(`excel: "${name}" is not a visible column`);
    }
    return names;
  };
  const fileColumns = known(option.columns ?? visible);
  const importColumns = known(option.importColumns ?? fileColumns);
  if (option.importKey !== undefined && !importColumns.includes(option.importKey)) {
    throw new Error(`excel: the import key "${option.importKey}" must be one of the import columns`);
  }
  const example: Record<string, string | number> = {};
  for (const [name, value] of Object.entries(option.example ?? {})) if (value !== undefined) example[name] = value;
  return { columns: fileColumns, importColumns, importKey: option.importKey ?? null, example };
}

const EXCEL_SUMMARIES: Record<ExcelAction, Label> = {
  export: { 'zh-cn': '导出', 'zh-tw': '匯出', en: 'Export' },
  import: { 'zh-cn': '导入模板', 'zh-tw': '匯入範本', en: 'Import template' },
  importCheck: { 'zh-cn': '导入检查', 'zh-tw': '匯入檢查', en: 'Check an import' },
  importCommit: { 'zh-cn': '导入提交', 'zh-tw': '匯入提交', en: 'Commit an import' },
};

/** The calls of the excel option: export (POST, the list filters and the chosen columns), the template and the import. */
function excelEndpoints(list: z.ZodObject, columns: readonly string[]): Record<ExcelAction, EndpointDef> {
  const [first, ...rest] = columns;
  if (first === undefined) throw new Error('excel: no columns to export');
  return {
    export: {
      method: 'post',
      summary: EXCEL_SUMMARIES.export,
      input: list.extend({
        columns: z
          .array(z.enum([first, ...rest]))
          .min(1)
          .max(columns.length),
      }),
    },
    import: { method: 'get', summary: EXCEL_SUMMARIES.import },
    importCheck: { method: 'post', summary: EXCEL_SUMMARIES.importCheck, output: returns<ImportReport>() },
    importCommit: {
      method: 'post',
      summary: EXCEL_SUMMARIES.importCommit,
      input: z.object({ token: z.string().min(1).max(100) }),
      output: returns<ImportResult>(),
    },
  };
}

export function defineController<X extends Record<string, EndpointDef>>(options: {
  readonly module: string;
  readonly path: string;
  readonly label: Label;
  readonly endpoints: X;
  /** `app`: the calls of the app users' clients, under `/app/…`; their endpoints are `app` or `open`. */
  readonly audience?: Audience;
}): Controller<X> {
  const audience = options.audience ?? 'admin';
  const defs: Record<string, EndpointDef> = options.endpoints;
  for (const [action, def] of Object.entries(defs)) {
    // An app call never takes a staff session, nor a staff call an app user's.
    const auth = def.auth ?? 'perm';
    if ((audience === 'app') !== (auth === 'app') && auth !== 'open') {
      throw new Error(
        `${options.module}/${options.path}/${action}: auth "${auth}" does not fit the ${audience} audience`,
      );
    }
  }
  const endpoints = Object.entries(defs).map(([action, def]) =>
    toEndpoint(options.module, options.path, action, def, audience),
  );
  const perms = Object.fromEntries(
    Object.keys(defs).map((a) => [a, permOf(options.module, options.path, a)]),
  ) as Controller<X>['perms'];
  return {
    kind: 'controller',
    module: options.module,
    path: options.path,
    prefix: `/${audience}/${options.module}/${options.path}`,
    label: options.label,
    perms,
    endpoints,
    api: Object.fromEntries(endpoints.map((e) => [e.action, e])) as Controller<X>['api'],
  };
}

/** One endpoint of a declaration, by its action: a misspelt action does not compile. */
export function endpointOf<
  D extends { readonly api: object; readonly prefix: string },
  A extends keyof D['api'] & string,
>(declaration: D, action: A): D['api'][A] {
  const endpoint = (declaration.api as Record<string, unknown>)[action];
  if (!endpoint) throw new Error(`${declaration.prefix} declares no endpoint "${action}"`);
  return endpoint as D['api'][A];
}

export type { ColumnFlags };
export { DATETIME_PATTERN };
