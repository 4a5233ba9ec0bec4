import { type Columns, looksMasked, type SensitiveKind } from '@backroom/contract';
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
  if (value.length <= 8) return '*'.repeat(Math.max(value.length, HIDDEN.length));
  return `${value.slice(0, 4)}${'*'.repeat(value.length - 8)}${value.slice(-4)}`;
}

/** Any free text: `***` when there is something, empty when there is nothing. */
export function maskText(value: string): string {
  return value === '' ? '' : '***';
}

/** A value as it is shown; null and undefined stay as they are, other values are masked as text. */
export function maskValue(kind: SensitiveKind, value: unknown): unknown {
  if (value === null || value === undefined) return value;
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

/** Masks a row's sensitive columns in place (the row mapper's last step); a declaration without any gets the identity. */
export function createMasker(columns: Columns): <R extends Record<string, unknown>>(row: R) => R {
  const sensitive = sensitiveColumns(columns);
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
    if (stored !== null && stored !== undefined && sent !== stored && sent === maskValue(kind, stored))
      delete out[name];
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
