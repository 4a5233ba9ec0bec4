import type { ComponentType } from 'react';

/** An extra component rendered at start-up (docs/spec.md §1). */
export type Extension = {
  name: string;
  enable?: boolean;
  order?: number;
  /** The component rendered at start-up; an entry without one is left out. */
  index?: ComponentType;
  /** Extra components the extension offers to views. */
  component?: Record<string, ComponentType>;
};

const entries: Extension[] = [];

export function registerExtension(entry: Extension) {
  entries.push(entry);
}

/** Entries with enable false or without an index component are excluded; the rest are sorted by order. */
export function startupExtensions(list: readonly Extension[] = entries): Extension[] {
  return list
    .filter((e) => e.enable !== false && typeof e.index === 'function')
    .sort((a, b) => (a.order ?? 0) - (b.order ?? 0));
}
