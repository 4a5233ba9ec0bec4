import { describe, expect, it } from 'vitest';
import { axisTicks, ringSlice, shareLabels } from './chart-options';

describe('the customer types ring', () => {
  it('labels shares that sum to exactly 100%', () => {
    // Six equal types: a chart's own rounding showed 16.66% beside 16.67%; ours still differ by a unit, and sum to 100.
    for (const counts of [
      [1, 1, 1],
      [1, 1, 1, 1, 1, 1],
      [10, 6, 5],
      [997, 2, 1],
    ]) {
      const shown = shareLabels(counts).map((l) => Number(l.replace('%', '')));
      expect(Math.round(shown.reduce((s, x) => s + x, 0) * 10) / 10, counts.join(',')).toBe(100);
    }
    expect(shareLabels([1, 1, 1])).toEqual(['33.4%', '33.3%', '33.3%']);
    expect(shareLabels([1])).toEqual(['100%']);
  });

  it('draws a slice of the whole ring, not nothing', () => {
    const whole = ringSlice(100, 100, 90, 50, 0, Math.PI * 2);
    // Two arcs of the large kind, from 12 o'clock nearly all the way round.
    expect(whole.match(/ A \S+ \S+ 0 1 /g)).toHaveLength(2);
    expect(whole.startsWith('M 100.00 10.00 ')).toBe(true);
    expect(ringSlice(100, 100, 90, 50, 0, Math.PI / 2)).toContain('A 90 90 0 0 1 190.00 100.00');
  });
});

describe('a value axis', () => {
  it('counts in whole steps of 1, 2 or 5 times a power of ten, up to at least the largest value', () => {
    expect(axisTicks(0)).toEqual([0, 1]);
    expect(axisTicks(1)).toEqual([0, 1]);
    expect(axisTicks(3)).toEqual([0, 1, 2, 3]);
    expect(axisTicks(7)).toEqual([0, 2, 4, 6, 8]);
    expect(axisTicks(38)).toEqual([0, 10, 20, 30, 40]);
    expect(axisTicks(1234)).toEqual([0, 500, 1000, 1500]);
  });
});
