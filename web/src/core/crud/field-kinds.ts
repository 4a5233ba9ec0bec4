import type { ColumnInput } from '@backroom/contract';
import type { ReactNode } from 'react';

/**
 * What a column's `input` (image, images, richText: the contract's ColumnInput) looks like on a
 * derived CRUD screen: its form input and its table cell. The inputs live in the modules that own
 * them (the file space's picker, the rich-text editor), which register them here at start, so the
 * kit in core/ imports no module and every entity declaring such a column gets them.
 */
export type FieldKind = {
  /** The form input (Form.Item gives it value, onChange and id). */
  input: () => ReactNode;
  /** The cell of the value in the table. */
  cell?: (value: unknown) => ReactNode;
  /** The column's width. */
  width?: number;
  /** Full width in the form. */
  wide?: boolean;
};

const kinds = new Map<ColumnInput, FieldKind>();

export function registerFieldKind(input: ColumnInput, kind: FieldKind) {
  kinds.set(input, kind);
}

/** The registered kind of a column's input; undefined when none is (the kind's own input serves). */
export function fieldKindOf(input: ColumnInput | undefined): FieldKind | undefined {
  return input === undefined ? undefined : kinds.get(input);
}
