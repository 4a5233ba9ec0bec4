import { describe, expect, it } from 'vitest';
import { shades } from './theme';

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
