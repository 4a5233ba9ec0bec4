import { create } from 'zustand';

export type Tab = {
  /** The full path with its search: the tab's identity. */
  key: string;
  title: string;
  keepAlive: boolean;
  /** Bumped by "refresh" to remount the view. */
  version: number;
};

type TabsState = {
  tabs: Tab[];
  open(tab: Omit<Tab, 'version'>): void;
  close(key: string): string | undefined;
  closeOthers(key: string): void;
  closeAll(): void;
  refresh(key: string): void;
};

/** Open pages as tabs (SPEC §2). `close` returns the key to show next, if the closed one was shown. */
export const useTabs = create<TabsState>((set, get) => ({
  tabs: [],
  open(tab) {
    const existing = get().tabs.find((t) => t.key === tab.key);
    if (existing) {
      if (existing.title !== tab.title)
        set({ tabs: get().tabs.map((t) => (t.key === tab.key ? { ...t, title: tab.title } : t)) });
      return;
    }
    set({ tabs: [...get().tabs, { ...tab, version: 0 }] });
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
  closeAll() {
    set({ tabs: [] });
  },
  refresh(key) {
    set({ tabs: get().tabs.map((t) => (t.key === key ? { ...t, version: t.version + 1 } : t)) });
  },
}));
