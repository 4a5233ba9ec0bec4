import type { ColumnInput } from '@backroom/contract';
import type { ReactNode } from 'react';

/**
 * What a column's `input` (image, images, richText: the contract's ColumnInput) looks like on a
 * derived CRUD screen: its form input and its table cell. The inputs live in the modules that own
 * them (the file space's picker, the rich-text editor), which register them here at start (as a
 * loader: `registerFieldKinds`), so the
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
/** What each module registered: its kinds, in a chunk of their own (they bring antd and the file space). */
const loaders: Array<() => Promise<Partial<Record<ColumnInput, FieldKind>>>> = [];
let loading: Promise<void> | undefined;

/**
 * A module's field kinds, as a loader: they load with the first derived CRUD screen
 * (`loadFieldKinds`), not at start, so the sign-in page carries none of their inputs.
 */
export function registerFieldKinds(load: () => Promise<Partial<Record<ColumnInput, FieldKind>>>) {
  loaders.push(load);
  loading = undefined;
}

/** Loads every registered kind (once); the derived screen waits for it before it draws. */
export function loadFieldKinds(): Promise<void> {
  loading ??= Promise.all(loaders.map((load) => load())).then((sets) => {
    for (const set of sets)
      for (const [input, kind] of Object.entries(set) as Array<[ColumnInput, FieldKind]>) kinds.set(input, kind);
  });
  return loading;
}

/** The registered kind of a column's input; undefined when none is (the kind's own input serves). */
export function fieldKindOf(input: ColumnInput | undefined): FieldKind | undefined {
  return input === undefined ? undefined : kinds.get(input);
}
