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

/** `share` of colour a over b. */
function mix(a: string, b: string, share: number): string {
  const [x, y] = [parseHex(a), parseHex(b)];
  return toHex(x.map((v, i) => v * share + (y[i] ?? 0) * (1 - share)));
}

/** WCAG relative luminance of a colour. */
function luminance(color: string): number {
  const [r, g, b] = parseHex(color).map((v) => {
    const c = v / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG contrast ratio of two colours (1 to 21). */
export function contrast(a: string, b: string): number {
  const [x, y] = [luminance(a), luminance(b)].sort((p, q) => q - p) as [number, number];
  return (x + 0.05) / (y + 0.05);
}

/**
 * The surfaces of one palette, light and dark: the shell's CSS (styles.css --br-*) and antd's
 * tokens (layout/Shell.tsx) both take them from here, so the sidebar, the header and the content
 * are one surface colour and the page behind them another.
 */
export const SURFACES = {
  light: { bg: '#f4f6fa', surface: '#ffffff', elevated: '#ffffff' },
  dark: { bg: '#0f1115', surface: '#17191e', elevated: '#23262d' },
} as const;

/**
 * The theme colour as text and thin strokes (links, the selected tab and menu entry, focus rings):
 * the colour itself where it reads on the theme's surfaces at 4.5:1 (WCAG AA), else the nearest of
 * its shades toward black (light) or white (dark) that does.
 */
export function accentText(color: string, dark: boolean): string {
  const surfaces = dark ? SURFACES.dark : SURFACES.light;
  // A selected menu entry or tree node sits on the colour's tint (up to a quarter of it, in dark mode).
  const tint = mix(color, surfaces.surface, dark ? 0.25 : 0.15);
  const reads = (c: string) =>
    [surfaces.surface, surfaces.elevated, surfaces.bg, tint].every((s) => contrast(c, s) >= 4.5);
  if (reads(color)) return toHex(parseHex(color));
  const rgb = parseHex(color);
  const end = dark ? 255 : 0;
  for (let step = 1; step <= 20; step += 1) {
    const candidate = toHex(rgb.map((c) => c + (end - c) * (step / 20)));
    if (reads(candidate)) return candidate;
  }
  return dark ? '#ffffff' : '#000000';
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
  root.style.setProperty('--br-primary-text', accentText(theme.color, theme.dark));
  shades(theme.color, theme.dark ? 'black' : 'white').forEach((shade, i) => {
    root.style.setProperty(`--br-primary-light-${i + 1}`, shade);
  });
  root.dataset.theme = theme.dark ? 'dark' : 'light';
  root.style.colorScheme = theme.dark ? 'dark' : 'light';
}

type ThemeState = Theme & {
  /** Whether the user picked light or dark: until then the theme follows the system's preference. */
  darkChosen: boolean;
  update(patch: Partial<Theme>): void;
  /** Gives light or dark back to the system: its preference now and its changes from here on. */
  followSystem(): void;
};

/** The system's dark preference (prefers-color-scheme), where the browser tells it. */
const systemDark = (): MediaQueryList | null =>
  typeof window.matchMedia === 'function' ? window.matchMedia('(prefers-color-scheme: dark)') : null;

function initialTheme(): Theme & { darkChosen: boolean } {
  const saved = storage.get<Partial<Theme>>(KEYS.theme) ?? {};
  const darkChosen = typeof saved.dark === 'boolean';
  const theme = {
    ...DEFAULT_THEME,
    ...saved,
    dark: darkChosen ? saved.dark === true : (systemDark()?.matches ?? false),
  };
  if (!isHexColor(theme.color)) theme.color = DEFAULT_THEME.color;
  if (!TRANSITIONS.includes(theme.transition)) theme.transition = 'slide';
  return { ...theme, darkChosen };
}

/**
 * The theme: colour, light or dark, the tab style and the page transition, kept on the device.
 * Dark follows the system's preference (and its changes) until the user picks light or dark; the
 * choice is stored only then, so a colour picked alone keeps following the system.
 */
export const useTheme = create<ThemeState>((set, get) => {
  const theme = initialTheme();
  applyToDocument(theme, false);
  systemDark()?.addEventListener('change', (event) => {
    const { update: _update, followSystem: _follow, darkChosen, ...current } = get();
    if (darkChosen || current.dark === event.matches) return;
    const next = { ...current, dark: event.matches };
    applyToDocument(next, true);
    set(next);
  });
  return {
    ...theme,
    update(patch) {
      const { update: _update, followSystem: _follow, darkChosen: chosen, ...current } = get();
      const darkChosen = chosen || patch.dark !== undefined;
      const next = { ...current, ...patch };
      const { dark: _dark, ...rest } = next;
      storage.set(KEYS.theme, darkChosen ? next : rest);
      applyToDocument(next, true);
      set({ ...next, darkChosen });
    },
    followSystem() {
      const { update: _update, followSystem: _follow, darkChosen: _chosen, ...current } = get();
      const next = { ...current, dark: systemDark()?.matches ?? false };
      const { dark: _dark, ...rest } = next;
      storage.set(KEYS.theme, rest);
      applyToDocument(next, true);
      set({ ...next, darkChosen: false });
    },
  };
});
