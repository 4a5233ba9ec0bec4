import type { Entity, Locale } from '@backroom/contract';
import type { CrudRow } from './crud-types';

/**
 * The column that names a record in titles and confirmations ("Edit user: alice"): a required
 * `name`, else a required `…Name` (a customer's customerName, not her code: a clerk knows her
 * customers by name), else the first unique text column (a user's username, a parameter's key),
 * else the first required text column; none for an entity without one.
 */
export function nameColumnOf(entity: Entity): string | undefined {
  const text = Object.entries(entity.columns).filter(
    ([, c]) => c.kind === 'string' && c.values === undefined && !c.hidden && c.sensitive === undefined,
  );
  const named = text.find(([key, c]) => key === 'name' && !c.nullable);
  const calledName = text.find(([key, c]) => /[a-z]Name$/.test(key) && !c.nullable);
  return (named ?? calledName ?? text.find(([, c]) => c.unique) ?? text.find(([, c]) => !c.nullable))?.[0];
}

/** The record's name as titles show it; its id (`#12`) when it has none. */
export function recordNameOf(entity: Entity, row: CrudRow): string {
  const column = nameColumnOf(entity);
  const value = column === undefined ? undefined : row[column];
  return typeof value === 'string' && value.trim() !== '' ? value : `#${row.id}`;
}

/**
 * What the entity is, as it reads inside a sentence: its label, in English with a small first
 * letter ("Edit user: alice"), an abbreviation left as it is ("SMS template").
 */
export function thingOf(entity: Entity, locale: Locale): string {
  const text = entity.label[locale];
  if (locale !== 'en' || /^.[A-Z]/.test(text)) return text;
  return text.charAt(0).toLowerCase() + text.slice(1);
}
