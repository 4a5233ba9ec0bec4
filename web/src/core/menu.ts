import type { SysMenu } from '@backroom/contract';
import { create } from 'zustand';
import { usePerms } from './permission';
import { api } from './request';
import { KEYS, storage } from './storage';

export type MenuItem = SysMenu & { children: MenuItem[] };

/** Builds the menu tree (ordered by orderNum) from permmenu's flat rows. */
export function buildTree(rows: readonly SysMenu[]): MenuItem[] {
  const byId = new Map<number, MenuItem>();
  for (const row of rows) byId.set(row.id, { ...row, children: [] });
  const roots: MenuItem[] = [];
  for (const item of byId.values()) {
    const parent = item.parentId === null ? undefined : byId.get(item.parentId);
    if (parent) parent.children.push(item);
    else roots.push(item);
  }
  const sort = (items: MenuItem[]) => {
    items.sort((a, b) => a.orderNum - b.orderNum || a.id - b.id);
    for (const item of items) sort(item.children);
  };
  sort(roots);
  return roots;
}

/** Pages (type 1) in menu order, depth first. */
export function flattenPages(items: readonly MenuItem[]): MenuItem[] {
  const out: MenuItem[] = [];
  const walk = (list: readonly MenuItem[]) => {
    for (const item of list) {
      if (item.type === 1) out.push(item);
      walk(item.children);
    }
  };
  walk(items);
  return out;
}

/**
 * The home page: the first menu-type entry of the first group (SPEC §2). Groups are the top-level
 * entries; an entry that is itself a page counts as its own group.
 */
export function findHome(tree: readonly MenuItem[]): MenuItem | undefined {
  for (const group of tree) {
    const [first] = flattenPages([group]);
    if (first) return first;
  }
  return undefined;
}

type MenuState = {
  rows: SysMenu[];
  tree: MenuItem[];
  loaded: boolean;
  load(): Promise<void>;
  reset(): void;
};

export const useMenus = create<MenuState>((set) => {
  const rows = storage.get<SysMenu[]>(KEYS.menus) ?? [];
  return {
    rows,
    tree: buildTree(rows),
    loaded: false,
    async load() {
      const data = await api.get<{ perms: string[]; menus: SysMenu[] }>('/admin/base/comm/permmenu');
      storage.set(KEYS.menus, data.menus);
      usePerms.getState().setPerms(data.perms);
      set({ rows: data.menus, tree: buildTree(data.menus), loaded: true });
    },
    reset() {
      set({ rows: [], tree: [], loaded: false });
    },
  };
});

/** The page menu whose router is this path. */
export function findByRouter(tree: readonly MenuItem[], path: string): MenuItem | undefined {
  return flattenPages(tree).find((m) => m.router === path);
}

/** The chain of menus from the top down to the given one, for breadcrumbs. */
export function pathTo(tree: readonly MenuItem[], id: number): MenuItem[] {
  const walk = (items: readonly MenuItem[], trail: MenuItem[]): MenuItem[] | undefined => {
    for (const item of items) {
      const next = [...trail, item];
      if (item.id === id) return next;
      const found = walk(item.children, next);
      if (found) return found;
    }
    return undefined;
  };
  return walk(tree, []) ?? [];
}
