import { z } from 'zod';
import { canonicalPhone, type FieldFormat, fitsFormat, formatIssue, isPhoneFormat, looksMasked } from './formats.js';
import type { Label } from './i18n.js';
import { NUL_ISSUE, noNul } from './nul.js';
import { PHONE_STORED_MAX, PHONE_TEXT_MAX } from './phone.js';

/**
 * How a column is stored. Every kind maps to one SQL type per dialect (server/src/core/db) and to
 * one JSON type on the wire: json columns are stored as text but always travel as real values,
 * bool columns as real booleans, decimals and bigints as numbers.
 */
export type ColumnKind = 'int' | 'bigint' | 'string' | 'text' | 'bool' | 'json' | 'decimal' | 'datetime';

/**
 * What a column's type says besides its value: whether an insert may leave it out (it has a
 * default or may be null) and whether clients ever see it (a password hash).
 */
export type ColumnFlags = { readonly optional: boolean; readonly hidden: boolean };

export type Column<T = unknown, K extends ColumnKind = ColumnKind, F extends ColumnFlags = ColumnFlags> = {
  readonly kind: K;
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
  /**
   * Personal data shown masked to everyone: `phone` keeps the first 3 and last 4 digits, `idCard`
   * the first 4 and last 4, `text` shows `***`. Masked in every response and export; the clear
   * value only comes from the entity's reveal call (its own permission, audited); the request log
   * never holds it in clear.
   */
  readonly sensitive: SensitiveKind | undefined;
  /** The enumerated values of an intEnum or stringEnum column. */
  readonly values: readonly (string | number)[] | undefined;
  /**
   * What each enumerated value means, in each language (`1` → 运行 / 運行 / Running), where the
   * declaration says: a screen derived from the declaration shows and offers these words.
   */
  readonly valueLabels: Readonly<Record<string, Label>> | undefined;
  /**
   * How a screen derived from the declaration edits and shows the value, where its kind alone does
   * not say (see ColumnInput); absent for the kind's own input.
   */
  readonly input: ColumnInput | undefined;
  /** What a string column's text must look like besides its length (formats.ts); absent for free text. */
  readonly format: FieldFormat | undefined;
  /** Type-level only: the flags above as types, for the row types derived from a declaration. */
  readonly __flags?: F;
};

/** Labels for every value of an enum column: a value left out does not compile. */
type ValueLabels<V extends string | number> = { readonly [K in V]: Label };

/**
 * A column's input beyond its kind, for the CRUD page kit: `image` (a string: one picture's address,
 * chosen from the file space), `images` (a json list of such addresses) and `richText` (a text of
 * HTML under the rich-text allow-list, base/rich-text.ts; the server sanitises it).
 */
export type ColumnInput = 'image' | 'images' | 'richText';

/** How a sensitive column is masked (see Column.sensitive). */
export type SensitiveKind = 'phone' | 'idCard' | 'text';

type Options<T> = {
  label: Label;
  nullable?: boolean;
  default?: T;
  unique?: boolean;
  index?: boolean;
  dict?: string;
  hidden?: boolean;
  sensitive?: SensitiveKind;
  input?: ColumnInput;
};

/** A column's wire type: null is part of it when the options say nullable. */
type Out<T, O> = O extends { nullable: true } ? T | null : T;
/** The flags of a column built with options O. */
type FlagsOf<O> = {
  optional: O extends { nullable: true } ? true : O extends { default: unknown } ? true : false;
  hidden: O extends { hidden: true } ? true : false;
};
type Built<T, K extends ColumnKind, O> = Column<Out<T, O>, K, FlagsOf<O>>;

function make<T, K extends ColumnKind>(
  kind: K,
  schema: z.ZodType<T>,
  options: Options<T>,
  length?: number,
  values?: readonly (string | number)[],
  valueLabels?: Readonly<Record<string, Label>>,
  format?: FieldFormat,
): Column<unknown, K> {
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
    sensitive: options.sensitive,
    input: options.input,
    values,
    valueLabels,
    format,
  };
}

/*
 * Each builder states the exact column type it returns (value, kind and flags, from the literal
 * options it was given); `make` builds the object once for all of them, so each return is cast.
 */
export const col = {
  /**
   * A varchar; `max` is both the validation limit and the SQL length (255 when absent); `format`
   * what the text must look like besides (formats.ts: a mobile number, a contact phone, an email…).
   * A phone format (`mobile`, `phone`) takes the number as a person types it, up to PHONE_TEXT_MAX
   * characters, and answers its canonical form (phone.ts): what is stored, counted and compared.
   */
  string<const O extends Options<string> & { max?: number; min?: number; format?: FieldFormat }>(
    options: O,
  ): Built<string, 'string', O> {
    const max = options.max ?? 255;
    const format = options.format;
    const phone = isPhoneFormat(format) ? format : undefined;
    if (phone && max < PHONE_STORED_MAX)
      throw new Error(`a ${phone} column keeps up to ${PHONE_STORED_MAX} characters`);
    // A phone is typed with spaces, dashes and a country code: the text may be longer than what is stored.
    const typed = phone ? Math.max(max, PHONE_TEXT_MAX) : max;
    const base = options.min ? z.string().min(options.min).max(typed) : z.string().max(typed);
    const checked = base.refine(noNul, NUL_ISSUE);
    // A sensitive value comes back from a form as it was shown, masked: the server tells it apart.
    const fits = options.sensitive
      ? (v: string) => fitsFormat(format ?? 'phone', v) || looksMasked(v)
      : (v: string) => fitsFormat(format ?? 'phone', v);
    const refined = format ? checked.refine(fits, formatIssue(format)) : checked;
    // Every write path that parses with the column (add, update, import, the module's own calls)
    // gets the number's one spelling (phone.ts); a mask sent back stays as it came, for the
    // server to tell from the stored value (masking.ts, dropUnchangedMasks).
    const schema = phone ? refined.transform((v) => (v === '' ? v : (canonicalPhone(phone, v) ?? v))) : refined;
    return make('string', schema, options, max, undefined, undefined, format) as Built<string, 'string', O>;
  },
  text<const O extends Options<string>>(options: O): Built<string, 'text', O> {
    return make('text', z.string().max(1_000_000).refine(noNul, NUL_ISSUE), options) as Built<string, 'text', O>;
  },
  int<const O extends Options<number> & { min?: number; max?: number }>(options: O): Built<number, 'int', O> {
    // Columns are 32-bit integers on PostgreSQL and MySQL: larger values are refused, not a 500.
    const schema = z
      .number()
      .int()
      .min(options.min ?? INT_MIN)
      .max(options.max ?? INT_MAX);
    return make('int', schema, options) as Built<number, 'int', O>;
  },
  /** A 64-bit integer (epoch milliseconds); safe integers only, as JSON numbers carry them. */
  bigint<const O extends Options<number> & { min?: number }>(options: O): Built<number, 'bigint', O> {
    const schema = z
      .number()
      .int()
      .min(options.min ?? Number.MIN_SAFE_INTEGER)
      .max(Number.MAX_SAFE_INTEGER);
    return make('bigint', schema, options) as Built<number, 'bigint', O>;
  },
  /** An integer restricted to listed values (status codes and the like); `valueLabels` names each. */
  intEnum<
    const V extends readonly [number, ...number[]],
    const O extends Options<V[number]> & { valueLabels?: ValueLabels<V[number]> },
  >(values: V, options: O): Built<V[number], 'int', O> {
    const schema = z.number().refine((v) => values.includes(v), { params: { values } });
    return make('int', schema, options, undefined, values, options.valueLabels) as Built<V[number], 'int', O>;
  },
  stringEnum<
    const V extends readonly [string, ...string[]],
    const O extends Options<V[number]> & { valueLabels?: ValueLabels<V[number]> },
  >(values: V, options: O): Built<V[number], 'string', O> {
    return make('string', z.enum(values), options, 50, values, options.valueLabels) as Built<V[number], 'string', O>;
  },
  bool<const O extends Options<boolean>>(options: O): Built<boolean, 'bool', O> {
    return make('bool', z.boolean(), options) as Built<boolean, 'bool', O>;
  },
  /**
   * An exact amount to the cent (money): decimal(14, 2) on PostgreSQL and MySQL, and on SQLite a
   * number every such value comes back from unchanged (at most 14 significant digits). On the wire
   * a JSON number; a value with more than two decimals is refused, never rounded by a database.
   */
  decimal<const O extends Options<number> & { min?: number }>(options: O): Built<number, 'decimal', O> {
    // decimal(14, 2): twelve digits before the point.
    const schema = z
      .number()
      .min(options.min ?? -DECIMAL_MAX)
      .max(DECIMAL_MAX)
      .refine(isCents, { params: { scale: 2 } });
    return make('decimal', schema, options) as Built<number, 'decimal', O>;
  },
  json<T, const O extends Options<T> = Options<T>>(schema: z.ZodType<T>, options: O): Built<T, 'json', O> {
    return make('json', schema, options) as Built<T, 'json', O>;
  },
  /** A `YYYY-MM-DD HH:mm:ss` text, like createTime. */
  datetime<const O extends Options<string>>(options: O): Built<string, 'datetime', O> {
    return make('datetime', z.string().regex(DATETIME_PATTERN), options, 19) as Built<string, 'datetime', O>;
  },
};

export const INT_MIN = -2_147_483_648;
export const INT_MAX = 2_147_483_647;
const DECIMAL_MAX = 999_999_999_999.99;

/** Whether a number is an amount in whole cents: the number nearest to its two-decimal form. */
export function isCents(value: number): boolean {
  return Number.isFinite(value) && Number(value.toFixed(2)) === value;
}

export const DATETIME_PATTERN = /^\d{4}-\d{2}-\d{2}( \d{2}:\d{2}(:\d{2})?)?$/;

export type Columns = Record<string, Column<unknown, ColumnKind, ColumnFlags>>;

/** Whether a column keeps phone numbers: a phone format (stored canonical) or masked as a phone. */
export const isPhoneColumn = (column: Column): boolean => isPhoneFormat(column.format) || column.sensitive === 'phone';

/** The value type a column carries on the wire (null included where it is nullable). */
export type ColumnValue<C> = C extends Column<infer T, ColumnKind, ColumnFlags> ? T : never;

/** The names of the columns a client sees (every column but the hidden ones). */
export type VisibleKeys<C extends Columns> = {
  [K in keyof C]: C[K] extends Column<unknown, ColumnKind, { optional: boolean; hidden: true }> ? never : K;
}[keyof C] &
  string;
