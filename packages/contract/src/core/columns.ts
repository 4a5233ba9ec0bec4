import { z } from 'zod';
import type { Label } from './i18n.js';

/**
 * How a column is stored. Every kind maps to one SQL type per dialect (server/src/core/db) and to
 * one JSON type on the wire: json columns are stored as text but always travel as real values,
 * bool columns as real booleans, decimals as numbers.
 */
export type ColumnKind = 'int' | 'string' | 'text' | 'bool' | 'json' | 'decimal' | 'datetime';

export type Column<T = unknown> = {
  readonly kind: ColumnKind;
  /** zod type of a non-null value (what add/update validate and what rows carry). */
  readonly schema: z.ZodType<NonNullable<T>>;
  readonly label: Label;
  readonly nullable: boolean;
  readonly defaultValue: T | undefined;
  /** Maximum length for string columns (also the SQL varchar length). */
  readonly length: number | undefined;
  readonly unique: boolean;
  readonly index: boolean;
  /** Dictionary type key whose items label this column's values. */
  readonly dict: string | undefined;
  /** Never sent to a client (password hashes). */
  readonly hidden: boolean;
};

type Options<T> = {
  label: Label;
  nullable?: boolean;
  default?: T;
  unique?: boolean;
  index?: boolean;
  dict?: string;
  hidden?: boolean;
};

function make<T>(kind: ColumnKind, schema: z.ZodType<T>, options: Options<T>, length?: number): Column<unknown> {
  // The value schema is typed loosely here; each builder states the precise type it returns.
  return {
    kind,
    schema: schema as z.ZodType<unknown> as z.ZodType<NonNullable<unknown>>,
    label: options.label,
    nullable: options.nullable ?? false,
    defaultValue: options.default,
    length,
    unique: options.unique ?? false,
    index: options.index ?? false,
    dict: options.dict,
    hidden: options.hidden ?? false,
  };
}

/** A column's wire type: null is part of it when the options say nullable. */
type Out<T, O> = O extends { nullable: true } ? T | null : T;

export const col = {
  /** A varchar; `max` is both the validation limit and the SQL length (255 when absent). */
  string<const O extends Options<string> & { max?: number; min?: number }>(options: O): Column<Out<string, O>> {
    const max = options.max ?? 255;
    const base = options.min ? z.string().min(options.min).max(max) : z.string().max(max);
    const schema = base.refine(noNul);
    return make('string', schema, options, max) as unknown as Column<Out<string, O>>;
  },
  text<const O extends Options<string>>(options: O): Column<Out<string, O>> {
    return make('text', z.string().max(1_000_000).refine(noNul), options) as unknown as Column<Out<string, O>>;
  },
  int<const O extends Options<number> & { min?: number; max?: number }>(options: O): Column<Out<number, O>> {
    // Columns are 32-bit integers on PostgreSQL and MySQL: larger values are refused, not a 500.
    const schema = z
      .number()
      .int()
      .min(options.min ?? INT_MIN)
      .max(options.max ?? INT_MAX);
    return make('int', schema, options) as unknown as Column<Out<number, O>>;
  },
  /** An integer restricted to listed values (status codes and the like). */
  intEnum<const V extends readonly [number, ...number[]], const O extends Options<V[number]>>(
    values: V,
    options: O,
  ): Column<Out<V[number], O>> {
    const schema = z.number().refine((v) => values.includes(v), { params: { values } });
    return make('int', schema, options) as unknown as Column<Out<V[number], O>>;
  },
  stringEnum<const V extends readonly [string, ...string[]], const O extends Options<V[number]>>(
    values: V,
    options: O,
  ): Column<Out<V[number], O>> {
    return make('string', z.enum(values), options, 50) as unknown as Column<Out<V[number], O>>;
  },
  bool<const O extends Options<boolean>>(options: O): Column<Out<boolean, O>> {
    return make('bool', z.boolean(), options) as unknown as Column<Out<boolean, O>>;
  },
  decimal<const O extends Options<number> & { min?: number }>(options: O): Column<Out<number, O>> {
    // decimal(14, 2): twelve digits before the point.
    const schema = z
      .number()
      .min(options.min ?? -DECIMAL_MAX)
      .max(DECIMAL_MAX);
    return make('decimal', schema, options) as unknown as Column<Out<number, O>>;
  },
  json<T, const O extends Options<T> = Options<T>>(schema: z.ZodType<T>, options: O): Column<Out<T, O>> {
    return make('json', schema, options) as unknown as Column<Out<T, O>>;
  },
  /** A `YYYY-MM-DD HH:mm:ss` text, like createTime. */
  datetime<const O extends Options<string>>(options: O): Column<Out<string, O>> {
    return make('datetime', z.string().regex(DATETIME_PATTERN), options, 19) as unknown as Column<Out<string, O>>;
  },
};

export const INT_MIN = -2_147_483_648;
export const INT_MAX = 2_147_483_647;
const DECIMAL_MAX = 999_999_999_999.99;

/** PostgreSQL refuses U+0000 in text; no field of ours needs it. */
export const noNul = (value: string) => !value.includes('\u0000');

export const DATETIME_PATTERN = /^\d{4}-\d{2}-\d{2}( \d{2}:\d{2}(:\d{2})?)?$/;

export type Columns = Record<string, Column<unknown>>;

/** The value type a column carries on the wire (null included where it is nullable). */
export type ColumnValue<C> = C extends Column<infer T> ? T : never;
