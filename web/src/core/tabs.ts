import { create } from 'zustand';
import { onSessionEnd } from './session';

/**
 * What a tab's title says, untranslated so that every tab follows a language switch: an i18n key
 * with the values its text names, or a menu's name (translated as the menus are).
 */
export type TabTitle = { key: string; values?: Record<string, string>; isKey: boolean };

export const sameTitle = (a: TabTitle, b: TabTitle) =>
  a.key === b.key && a.isKey === b.isKey && JSON.stringify(a.values ?? {}) === JSON.stringify(b.values ?? {});

export type Tab = {
  /** The full path with its search: the tab's identity. */
  key: string;
  title: TabTitle;
  keepAlive: boolean;
  /** Bumped by "refresh" to remount the view. */
  version: number;
};

type TabsState = {
  tabs: Tab[];
  open(tab: Omit<Tab, 'version'>): void;
  /** Renames an open tab (its menu renamed); a tab that is not open stays closed. */
  retitle(key: string, title: TabTitle): void;
  close(key: string): string | undefined;
  closeOthers(key: string): void;
  /** Closes every tab but `keep` (home), if that one is open. */
  closeAll(keep?: string): void;
  refresh(key: string): void;
};

/** Open pages as tabs (docs/spec.md §2). `close` returns the key to show next, if the closed one was shown. */
export const useTabs = create<TabsState>((set, get) => ({
  tabs: [],
  open(tab) {
    if (get().tabs.some((t) => t.key === tab.key)) get().retitle(tab.key, tab.title);
    else set({ tabs: [...get().tabs, { ...tab, version: 0 }] });
  },
  retitle(key, title) {
    if (get().tabs.some((t) => t.key === key && !sameTitle(t.title, title)))
      set({ tabs: get().tabs.map((t) => (t.key === key ? { ...t, title } : t)) });
  },
  close(key) {
    const tabs = get().tabs;
    const index = tabs.findIndex((t) => t.key === key);
    if (index < 0) return undefined;
    const next = tabs.filter((t) => t.key !== key);
    set({ tabs: next });
    return (next[index] ?? next[index - 1])?.key;
  },
  closeOthers(key) {
    set({ tabs: get().tabs.filter((t) => t.key === key) });
  },
  closeAll(keep) {
    set({ tabs: get().tabs.filter((t) => t.key === keep) });
  },
  refresh(key) {
    set({ tabs: get().tabs.map((t) => (t.key === key ? { ...t, version: t.version + 1 } : t)) });
  },
}));

// The next user starts with their home tab only (the shell opens it): nothing of the last one's.
onSessionEnd(() => useTabs.setState({ tabs: [] }));
