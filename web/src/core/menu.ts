import { buildTree, byOrderNum, flattenTree, type SysMenu, type TreeNode } from '@backroom/contract';
import { create } from 'zustand';
import { sessionApi } from './endpoint-refs';
import { usePerms } from './permission';
import { call } from './request';
import { onSessionEnd } from './session';
import { KEYS, storage } from './storage';

export type MenuItem = TreeNode<SysMenu>;

/** The menu tree (siblings by orderNum) from permmenu's flat rows. */
export function buildMenuTree(rows: readonly SysMenu[]): MenuItem[] {
  return buildTree(rows, byOrderNum);
}

/** Pages (type 1) in menu order, depth first. */
export function flattenPages(items: readonly MenuItem[]): MenuItem[] {
  return flattenTree(items)
    .map(({ node }) => node)
    .filter((item) => item.type === 1);
}

/**
 * The home page: the first menu-type entry of the first group (docs/spec.md §2). Groups are the top-level
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
    tree: buildMenuTree(rows),
    loaded: false,
    async load() {
      const data = await call(sessionApi.permmenu);
      storage.set(KEYS.menus, data.menus);
      usePerms.getState().setPerms(data.perms);
      set({ rows: data.menus, tree: buildMenuTree(data.menus), loaded: true });
    },
    reset() {
      set({ rows: [], tree: [], loaded: false });
    },
  };
});

// Another user's menus must not show, nor lead anywhere, before the next user's arrive.
onSessionEnd(() => useMenus.getState().reset());

/** The page menu whose router is this path. */
export function findByRouter(tree: readonly MenuItem[], path: string): MenuItem | undefined {
  return flattenPages(tree).find((m) => m.router === path);
}
