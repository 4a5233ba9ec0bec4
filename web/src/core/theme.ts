import { create } from 'zustand';
import { KEYS, storage } from './storage';

/** docs/spec.md §3: the eight presets. */
export const THEME_PRESETS = [
  { name: 'default', color: '#4165d7' },
  { name: 'cuilv', color: '#51C21A' },
  { name: 'zitan', color: '#d0378d' },
  { name: 'jincheng', color: '#FFA500' },
  { name: 'yingtao', color: '#FF69B4' },
  { name: 'bohe', color: '#3EB489' },
  { name: 'qinghui', color: '#708090' },
  { name: 'shanhu', color: '#FF4500' },
] as const;

export const TRANSITIONS = ['slide', 'fade', 'none'] as const;
export type Transition = (typeof TRANSITIONS)[number];
/** docs/spec.md §9: theme changes animate for this long. */
export const THEME_ANIMATION_MS = 400;

export type Theme = {
  /** A preset's name, or 'custom'. */
  name: string;
  color: string;
  dark: boolean;
  isGroup: boolean;
  transition: Transition;
};

const DEFAULT_THEME: Theme = { name: 'default', color: '#4165d7', dark: false, isGroup: false, transition: 'slide' };

function parseHex(hex: string): [number, number, number] {
  let h = hex.replace('#', '');
  if (h.length === 3) h = [...h].map((c) => c + c).join('');
  const n = Number.parseInt(h.slice(0, 6), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

const toHex = (rgb: readonly number[]) => `#${rgb.map((v) => Math.round(v).toString(16).padStart(2, '0')).join('')}`;

/** Nine shades of a colour toward white (light) or black (dark), in steps of 0.1 (docs/spec.md §9). */
export function shades(color: string, toward: 'white' | 'black' = 'white'): string[] {
  const rgb = parseHex(color);
  const end = toward === 'white' ? 255 : 0;
  return Array.from({ length: 9 }, (_, i) => toHex(rgb.map((c) => c + (end - c) * ((i + 1) / 10))));
}

export function isHexColor(value: string): boolean {
  return /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.test(value);
}

/** Writes the colour and its shades as CSS variables, animating the change. */
function applyToDocument(theme: Theme, animate: boolean) {
  const root = document.documentElement;
  if (animate) {
    root.classList.add('theme-animating');
    window.setTimeout(() => root.classList.remove('theme-animating'), THEME_ANIMATION_MS);
  }
  root.style.setProperty('--br-primary', theme.color);
  shades(theme.color, theme.dark ? 'black' : 'white').forEach((shade, i) => {
    root.style.setProperty(`--br-primary-light-${i + 1}`, shade);
  });
  root.dataset.theme = theme.dark ? 'dark' : 'light';
  root.style.colorScheme = theme.dark ? 'dark' : 'light';
}

type ThemeState = Theme & { update(patch: Partial<Theme>): void };

function initialTheme(): Theme {
  const saved = storage.get<Partial<Theme>>(KEYS.theme) ?? {};
  const theme = { ...DEFAULT_THEME, ...saved };
  if (!isHexColor(theme.color)) theme.color = DEFAULT_THEME.color;
  if (!TRANSITIONS.includes(theme.transition)) theme.transition = 'slide';
  return theme;
}

export const useTheme = create<ThemeState>((set, get) => {
  const theme = initialTheme();
  applyToDocument(theme, false);
  return {
    ...theme,
    update(patch) {
      const { update: _update, ...current } = get();
      const next = { ...current, ...patch };
      storage.set(KEYS.theme, next);
      applyToDocument(next, true);
      set(next);
    },
  };
});
