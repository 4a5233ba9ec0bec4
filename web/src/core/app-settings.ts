import { create } from 'zustand';
import { KEYS, storage } from './storage';

/**
 * The app settings the client keeps in the browser (docs/spec.md §3 "stored locally"), under
 * their key (`backroom.settings`), restored at start: how the user left the shell. The theme has
 * its own key (core/theme.ts).
 */
export type AppSettings = {
  /** The sidebar folded (true) or unfolded (false) by hand; null: it follows the screen's size. */
  menuFolded: boolean | null;
};

const DEFAULT_SETTINGS: AppSettings = { menuFolded: null };

/** What was stored, each value checked: a value of another shape (an older version's) is the default. */
export function readAppSettings(): AppSettings {
  const saved = storage.get<Partial<AppSettings>>(KEYS.settings) ?? {};
  const menuFolded = typeof saved.menuFolded === 'boolean' ? saved.menuFolded : DEFAULT_SETTINGS.menuFolded;
  return { menuFolded };
}

type AppSettingsState = AppSettings & { update(patch: Partial<AppSettings>): void };

export const useAppSettings = create<AppSettingsState>((set, get) => ({
  ...readAppSettings(),
  update(patch) {
    const { update: _update, ...current } = get();
    const next = { ...current, ...patch };
    storage.set(KEYS.settings, next);
    set(next);
  },
}));
