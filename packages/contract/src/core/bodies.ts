/**
 * The rows and bodies an entity's columns give: the types a declaration derives from them (RowOf,
 * CreateOf, UpdateOf, ListOf) and the zod schemas its standard calls check (buildSchemas).
 */
import { z } from 'zod';
import {
  type Column,
  type ColumnKind,
  type Columns,
  type ColumnValue,
  INT_MAX,
  INT_MIN,
  type SensitiveKind,
  type VisibleKeys,
} from './columns.js';
import type { PageResult } from './envelope.js';
import type { Label } from './i18n.js';
import { NUL_ISSUE, noNul } from './nul.js';
import type { TextIndexOption } from './text-index.js';

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
  readonly textIndex: TextIndexOption<K>;
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

export type Shape = z.ZodRawShape;
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

export type QueryOptions<C extends Columns> = Partial<PageQueryOp<Extract<keyof C, string>>>;
type QueryKeys<Q, P extends keyof PageQueryOp> = Q extends { readonly [K in P]: readonly (infer N extends string)[] }
  ? N
  : never;

/** A row of the entity as page, list and info return it. */
export type EntityRow<C extends Columns, J extends Joined = Joined, R extends Shape = Shape> = RowOf<C> &
  JoinedRow<J> &
  Partial<ShapeOutput<R>>;

/** What add answers: the new row's id, or the ids of the rows an array body added. */
export type AddResult = { id: number } | { ids: number[] };

/** The id a one-row add answered. */
export function addedId(answer: AddResult): number {
  if ('id' in answer) return answer.id;
  throw new Error('one row was added, several ids came back');
}

/** What each standard action answers. */
export type StandardResults<Row> = {
  add: AddResult;
  delete: undefined;
  update: undefined;
  info: Row;
  list: Row[];
  page: PageResult<Row>;
};

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

/** The schemas of the standard bodies, typed by what they accept. */
export type StandardSchemas<C extends Columns, Q extends QueryOptions<C>, W extends Shape, F extends Shape> = {
  add: z.ZodType<CreateOf<C, W> | CreateOf<C, W>[], CreateOf<C, W> | CreateOf<C, W>[]>;
  delete: typeof idsSchema;
  update: z.ZodType<UpdateOf<C, W>, UpdateOf<C, W>>;
  info: typeof infoQuerySchema;
  list: z.ZodType<ListOf<C, Q, F>, ListOf<C, Q, F>>;
  page: z.ZodType<PageInput<ListOf<C, Q, F>>, PageBody<ListOf<C, Q, F>>>;
};

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

type LooseOptions = {
  readonly columns: Columns;
  readonly query?: QueryOptions<Columns>;
  readonly writeFields?: Shape;
  readonly filters?: Shape;
};

/** The schemas of a row and of the add, update, page and list bodies, built from the columns. */
export function buildSchemas(options: LooseOptions) {
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

/**
 * Every column a client may order by: the base columns and the visible ones but json and text. A
 * masked column of an entity without a reveal permission is masked to every reader, and a sort by
 * it would tell its order (server/src/core/crud/masking.ts): it is no order key.
 */
export function orderableColumns(columns: Columns, revealable: boolean): Set<string> {
  const orderable = new Set<string>(['id', 'createTime', 'updateTime']);
  for (const [name, column] of Object.entries(columns)) {
    if (column.hidden || column.kind === 'json' || column.kind === 'text') continue;
    if (column.sensitive && !revealable) continue;
    orderable.add(name);
  }
  return orderable;
}
