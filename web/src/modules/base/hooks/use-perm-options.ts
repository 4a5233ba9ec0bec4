import { useMemo } from 'react';
import { usePerms } from '../../../core/permission';

/** The permission strings a menu may carry: those the operator holds (and `extra`), grouped by entity. */
export function usePermOptions(extra: readonly string[] = []) {
  const held = usePerms((s) => s.perms);
  return useMemo(() => {
    const all = [...new Set([...held, ...extra])].sort();
    const groups = new Map<string, string[]>();
    for (const perm of all) {
      const group = perm.split(':').slice(0, -1).join(':') || perm;
      groups.set(group, [...(groups.get(group) ?? []), perm]);
    }
    return [...groups].map(([group, perms]) => ({
      label: group,
      title: group,
      options: perms.map((p) => ({ label: p, value: p })),
    }));
  }, [held, extra]);
}
