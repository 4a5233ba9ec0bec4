import { create } from 'zustand';
import { onSessionEnd } from './session';
import { KEYS, storage } from './storage';

/** A permission check: one string, or any-of / all-of lists (docs/spec.md §6). */
export type PermCheck = string | { or?: readonly string[]; and?: readonly string[] };

type PermState = { perms: readonly string[]; setPerms(perms: readonly string[]): void };

export const usePerms = create<PermState>((set) => ({
  perms: storage.get<string[]>(KEYS.menuPerms) ?? [],
  setPerms(perms) {
    storage.set(KEYS.menuPerms, perms);
    set({ perms });
  },
}));

onSessionEnd(() => usePerms.setState({ perms: [] }));

/**
 * docs/spec.md §6: a check passes when any held permission contains the given string, spaces removed.
 * `or` passes when one element does, `and` when all do.
 */
export function checkPerm(perms: readonly string[], check: PermCheck): boolean {
  const one = (value: string) => {
    const wanted = value.replace(/\s/g, '');
    return wanted !== '' && perms.some((p) => p.includes(wanted));
  };
  if (typeof check === 'string') return one(check);
  if (check.or && check.or.length > 0 && !check.or.some(one)) return false;
  if (check.and && check.and.length > 0 && !check.and.every(one)) return false;
  return (check.or?.length ?? 0) > 0 || (check.and?.length ?? 0) > 0;
}

export function hasPerm(check: PermCheck): boolean {
  return checkPerm(usePerms.getState().perms, check);
}

export function usePerm(check: PermCheck): boolean {
  const perms = usePerms((s) => s.perms);
  return checkPerm(perms, check);
}
