import {
  type Columns,
  type Entity,
  ID_SHOWN_HEAD,
  ID_SHOWN_MIN,
  ID_SHOWN_TAIL,
  type Joined,
  looksMasked,
  phoneSearchForms,
  type SensitiveKind,
} from '@backroom/contract';
import { holds, type Session } from '../auth/principal.js';
import { AppError } from '../errors.js';

/*
 * Sensitive columns (`col.*({ sensitive })`) leave the server masked in every answer, to every
 * operator, a superuser too: the clear value is only had through an entity's reveal call, which
 * writes an audit entry. Search and equality filters still run in the database on clear values.
 */

/** What a short value shows: too few characters to keep any and still hide something. */
const HIDDEN = '****';

/** `13812341234` → `138****1234`: the first 3 and last 4 characters. */
export function maskPhone(value: string): string {
  if (value.length < 8) return HIDDEN;
  return `${value.slice(0, 3)}****${value.slice(-4)}`;
}

/** `110101199001011234` → `1101**********1234`: the first 4 and last 4, a star for each one hidden. */
export function maskIdCard(value: string): string {
  if (value.length < ID_SHOWN_MIN) return '*'.repeat(Math.max(value.length, HIDDEN.length));
  const hidden = value.length - ID_SHOWN_HEAD - ID_SHOWN_TAIL;
  return `${value.slice(0, ID_SHOWN_HEAD)}${'*'.repeat(hidden)}${value.slice(-ID_SHOWN_TAIL)}`;
}

/** Any free text: `***` when there is something, empty when there is nothing. */
export function maskText(value: string): string {
  return value === '' ? '' : '***';
}

/**
 * What an empty value (null, or no text) shows a reader who may not reveal it: the mask a filled
 * one shows, so that `***` does not tell who has a medical note (issue 37). A reader who may reveal
 * the row sees an empty value as empty: there is nothing to show her in clear.
 */
const EMPTY_MASK: Readonly<Record<SensitiveKind, string>> = { phone: HIDDEN, idCard: HIDDEN, text: '***' };

const isEmpty = (value: unknown) => value === null || value === undefined || value === '';

/**
 * A value as it is shown. To a reader who may reveal the row (`mayReveal`), null and empty stay as
 * they are; to anyone else an empty value is masked as a filled one (EMPTY_MASK). A filled value is
 * masked for every reader: the clear value comes only from the reveal call.
 */
export function maskValue(kind: SensitiveKind, value: unknown, mayReveal = false): unknown {
  if (isEmpty(value)) return mayReveal || value === undefined ? value : EMPTY_MASK[kind];
  const text = String(value);
  switch (kind) {
    case 'phone':
      return maskPhone(text);
    case 'idCard':
      return maskIdCard(text);
    case 'text':
      return maskText(text);
  }
}

/** The sensitive columns of a declaration, by name. */
export function sensitiveColumns(columns: Columns): ReadonlyArray<readonly [string, SensitiveKind]> {
  const out: Array<readonly [string, SensitiveKind]> = [];
  for (const [name, column] of Object.entries(columns)) if (column.sensitive) out.push([name, column.sensitive]);
  return out;
}

/** Masks a row in place for its reader (the row mapper's last step); a declaration without sensitive columns gets the identity. */
export type RowMasker = <R extends Record<string, unknown>>(row: R, mayReveal?: boolean) => R;

/** Masks a row's sensitive columns in place (maskValue: `mayReveal` says whether this reader may reveal this row). */
export function createMasker(columns: Columns): RowMasker {
  const sensitive = sensitiveColumns(columns);
  if (sensitive.length === 0) return (row) => row;
  return (row, mayReveal = false) => {
    const out: Record<string, unknown> = row;
    for (const [name, kind] of sensitive) if (name in out) out[name] = maskValue(kind, out[name], mayReveal);
    return row;
  };
}

/**
 * Masks in place the joined fields that carry another entity's sensitive value (a JoinedField's
 * `sensitive`: an invitation's customerPhone), exactly as that entity's column is masked. A module
 * whose join selects such a field applies it to what it reads (CrudOptions.afterRead).
 */
export function createJoinedMasker(joined: Joined): <R extends Record<string, unknown>>(row: R) => R {
  const sensitive: Array<readonly [string, SensitiveKind]> = [];
  for (const [name, field] of Object.entries(joined)) if (field.sensitive) sensitive.push([name, field.sensitive]);
  if (sensitive.length === 0) return (row) => row;
  return (row) => {
    const out: Record<string, unknown> = row;
    for (const [name, kind] of sensitive) if (name in out) out[name] = maskValue(kind, out[name]);
    return row;
  };
}

/**
 * Leaves out of an update the sensitive values a client sent back as they were shown: a form loads
 * the masked value, and saving it unchanged must keep the stored one, not store the mask.
 */
export function dropUnchangedMasks(
  columns: Columns,
  data: Record<string, unknown>,
  existing: Record<string, unknown>,
): Record<string, unknown> {
  const out = { ...data };
  for (const [name, kind] of sensitiveColumns(columns)) {
    const sent = out[name];
    if (sent === undefined || sent === null) continue;
    const stored = existing[name];
    // An empty value came back as the mask a reader who may not reveal it was shown (EMPTY_MASK).
    if (sent !== stored && sent === maskValue(kind, stored)) delete out[name];
  }
  return out;
}

/**
 * Refuses a masked text left in a write of a column with a format: the schema lets a mask through
 * (a form sends a sensitive value back as it was shown), dropUnchangedMasks keeps the stored value
 * for the stored value's own mask, and any other mask would store stars instead of a phone.
 */
export function assertNoMaskLeft(columns: Columns, data: Record<string, unknown>): void {
  for (const [name, column] of Object.entries(columns)) {
    const value = data[name];
    if (column.format && column.sensitive && typeof value === 'string' && looksMasked(value)) {
      throw new AppError(400, `validation.format.${column.format}`, { field: column.label });
    }
  }
}

/*
 * Masking under search. A reader without the entity's reveal permission sees 138****1234; if a
 * keyword could still match a sensitive column by a part of it (`LIKE '%1375%'`), 19 searches of
 * growing prefixes would tell the whole number. So for such a reader a sensitive column matches a
 * keyword or an equality filter only as a whole value, a filter takes a few values at a time, and
 * the column is never a sort key (query.ts, applyFilters and applyOrder). Holders of reveal keep
 * the search every other column has.
 */

/** The sensitive columns a reader may match only as whole values, by name; empty for a holder of reveal. */
export type MaskedColumns = ReadonlyMap<string, SensitiveKind>;

export const NOTHING_MASKED: MaskedColumns = new Map();

/** The most values one equality filter on a masked column takes: a handful of guesses, not a range. */
export const MASKED_EQ_MAX = 5;

/** A number typed in groups (`139 1234 5678`, `139-1234-5678`, an ID number with spaces): its characters without them. */
export function withoutSeparators(text: string): string | undefined {
  const trimmed = text.trim();
  if (!/[\s-]/.test(trimmed)) return undefined;
  const joined = trimmed.replace(/[\s-]+/g, '');
  return /^\+?\d{5,}[xX]?$/.test(joined) ? joined : undefined;
}

/**
 * The values a whole-value match of a masked column compares with: the text as typed, without
 * spaces and dashes, a phone's every stored spelling of the number it is (`+86 139 1234 5678`
 * matches the 13912345678 a row keeps, and a row an older release kept as `+8613912345678`:
 * phone.ts, phoneSearchForms), and an ID number's check letter in either case (stored as typed).
 * None of them tells more than the whole number typed.
 */
export function wholeValuesOf(kind: SensitiveKind, text: string): string[] {
  const trimmed = text.trim();
  const out = new Set([trimmed]);
  const joined = withoutSeparators(trimmed);
  if (joined !== undefined) out.add(joined);
  if (kind === 'phone') for (const form of phoneSearchForms(trimmed)) out.add(form);
  if (kind === 'idCard') for (const v of [...out]) out.add(v.toUpperCase()).add(v.toLowerCase());
  return [...out];
}

/** The sensitive columns of a declaration, as a reader without its reveal permission has them (see MaskedColumns). */
export function maskedColumnsOf(columns: Columns): MaskedColumns {
  return new Map(sensitiveColumns(columns));
}

/**
 * The columns a reader matches only as whole values and may not sort by (MaskedColumns): the
 * entity's sensitive ones, unless the reader holds its reveal permission (if it has one), who then
 * searches them as any other. Answers are masked for every reader either way (createMasker).
 */
export function maskedForReader(entity: Entity): (session: Session) => MaskedColumns {
  const sensitive = maskedColumnsOf(entity.columns);
  const revealPerm = (entity.perms as Readonly<Record<string, string | undefined>>).reveal;
  return (session) =>
    sensitive.size === 0 || (revealPerm !== undefined && holds(session, revealPerm)) ? NOTHING_MASKED : sensitive;
}

/**
 * Which rows a reader may reveal (the entity's reveal call), and so which she sees empty values of
 * as empty and searches by every digit: `all` for the holder of the entity's reveal permission (a
 * superuser holds it), who reveals every row her scope shows; else `ownRows`, the owner column
 * whose value is her id, when the reveal call lets owners reveal their own rows (EndpointDef.ownRows)
 * and she holds the permission it names; else neither.
 */
export type Revealer = { all: boolean; ownRows: { column: string; userId: number } | null };

const REVEALS_NOTHING: Revealer = { all: false, ownRows: null };

export function revealerOf(entity: Entity): (session: Session) => Revealer {
  const reveal = entity.endpoints.find((e) => e.action === 'reveal');
  const owner = entity.ownership?.owner;
  return (session) => {
    if (reveal?.perm == null) return REVEALS_NOTHING;
    if (holds(session, reveal.perm)) return { all: true, ownRows: null };
    if (owner === undefined || reveal.ownRowsPerm === null || !holds(session, reveal.ownRowsPerm))
      return REVEALS_NOTHING;
    return { all: false, ownRows: { column: owner, userId: session.userId } };
  };
}

/** Whether the reader may reveal this row (its wire form): Revealer, read for one row. */
export const mayRevealRow = (revealer: Revealer, row: Record<string, unknown>): boolean =>
  revealer.all || (revealer.ownRows !== null && row[revealer.ownRows.column] === revealer.ownRows.userId);
