/** A copy of the set with the key in it, or out of it: state held in a Set is never changed in place. */
export function toggled<T>(set: ReadonlySet<T>, key: T, present: boolean): Set<T> {
  const next = new Set(set);
  if (present) next.add(key);
  else next.delete(key);
  return next;
}
