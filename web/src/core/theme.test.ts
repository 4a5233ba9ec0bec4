import { afterEach, describe, expect, it, vi } from 'vitest';
import { accentText, contrast, SURFACES, shades, THEME_PRESETS } from './theme';

describe('shades', () => {
  it('gives nine shades in steps of 0.1 toward white', () => {
    const list = shades('#000000');
    expect(list).toHaveLength(9);
    expect(list[0]).toBe('#1a1a1a'); // 0 + 255 × 0.1 = 25.5 → 26
    expect(list[4]).toBe('#808080'); // × 0.5 = 127.5 → 128
    expect(list[8]).toBe('#e6e6e6'); // × 0.9 = 229.5 → 230
  });

  it('toward black for dark mode', () => {
    expect(shades('#ffffff', 'black')[8]).toBe('#1a1a1a');
  });
});

describe('accentText', () => {
  it('keeps a colour that reads on the surfaces as it is', () => {
    expect(accentText('#2f4bb0', false)).toBe('#2f4bb0');
  });

  it('reads at 4.5:1 on every surface for every preset, light and dark', () => {
    for (const { color } of THEME_PRESETS) {
      for (const dark of [false, true]) {
        const text = accentText(color, dark);
        const surfaces = dark ? SURFACES.dark : SURFACES.light;
        for (const surface of Object.values(surfaces)) expect(contrast(text, surface)).toBeGreaterThanOrEqual(4.5);
      }
    }
  });

  it('darkens a light colour on light surfaces and lightens a dark one on dark surfaces', () => {
    const orange = accentText('#FFA500', false);
    expect(contrast(orange, '#000000')).toBeLessThan(contrast('#FFA500', '#000000'));
    const blue = accentText('#4165d7', true);
    expect(contrast(blue, '#ffffff')).toBeLessThan(contrast('#4165d7', '#ffffff'));
  });
});

describe('dark mode before the user picks one', () => {
  /** A prefers-color-scheme query the test turns, as a system switching to dark would. */
  function systemPrefers(dark: boolean) {
    const listeners: Array<(event: { matches: boolean }) => void> = [];
    const query = {
      matches: dark,
      addEventListener: (_: string, listener: (event: { matches: boolean }) => void) => listeners.push(listener),
    };
    window.matchMedia = vi.fn(() => query) as unknown as typeof window.matchMedia;
    return (next: boolean) => {
      query.matches = next;
      for (const listener of listeners) listener({ matches: next });
    };
  }
  const load = async () => {
    vi.resetModules();
    return (await import('./theme')).useTheme;
  };
  afterEach(() => {
    localStorage.clear();
    document.documentElement.removeAttribute('data-theme');
  });

  it('follows the system preference and its changes until the user picks light or dark', async () => {
    const turn = systemPrefers(true);
    const useTheme = await load();
    expect(useTheme.getState().dark).toBe(true);
    expect(document.documentElement.dataset.theme).toBe('dark');
    turn(false);
    expect(useTheme.getState().dark).toBe(false);
    // A colour alone is no choice of light or dark: the system still decides, and nothing stores it.
    useTheme.getState().update({ color: '#51C21A' });
    expect(JSON.stringify(localStorage)).not.toContain('"dark"');
    turn(true);
    expect(useTheme.getState().dark).toBe(true);
    useTheme.getState().update({ dark: false });
    turn(true);
    expect(useTheme.getState().dark).toBe(false);
    expect(document.documentElement.dataset.theme).toBe('light');
  });

  it('follows the system again once the user gives the choice back, after a reload too', async () => {
    const turn = systemPrefers(false);
    let useTheme = await load();
    useTheme.getState().update({ dark: true });
    expect(useTheme.getState().darkChosen).toBe(true);
    useTheme.getState().followSystem();
    expect(useTheme.getState().darkChosen).toBe(false);
    expect(useTheme.getState().dark).toBe(false);
    expect(JSON.stringify(localStorage)).not.toContain('"dark"');
    turn(true);
    expect(useTheme.getState().dark).toBe(true);
    expect(document.documentElement.dataset.theme).toBe('dark');
    useTheme = await load();
    expect(useTheme.getState().darkChosen).toBe(false);
  });

  it('keeps the user’s pick over the system’s preference at the next start', async () => {
    systemPrefers(false);
    (await load()).getState().update({ dark: true });
    systemPrefers(false);
    const again = await load();
    expect(again.getState().dark).toBe(true);
    expect(again.getState().color).toBe('#4165d7');
  });
});
