/**
 * What the server sends for a sensitive field the operator sees masked: `138****1234`,
 * `1101**********1234`, `***`. A form that loaded such a value and sends it back unchanged leaves
 * it out, so the stored clear value stays.
 */
const MASKED = /^[0-9A-Za-z]*\*{3,}[0-9A-Za-z]*$/;

export const isMasked = (value: unknown): boolean => typeof value === 'string' && MASKED.test(value);

/** The values without the named fields that still hold a masked value. */
export function withoutMasked<V extends Record<string, unknown>>(values: V, fields: readonly (keyof V)[]): V {
  const out = { ...values };
  for (const field of fields) if (isMasked(out[field])) delete out[field];
  return out;
}

/**
 * A masked phone's column where a phone shows the list's phone columns alone (ColumnSpec.phoneWidth):
 * `138****1234` at 13 px (71 px), the 20 px show button beside it and the cell's 4 px either side.
 */
export const MASKED_PHONE_COLUMN_WIDTH = 102;
