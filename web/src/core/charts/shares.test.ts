import { describe, expect, it } from 'vitest';
import { sharesOf } from './shares';

const total = (shares: number[]) => Math.round(shares.reduce((s, x) => s + x, 0) * 100) / 100;

describe('sharesOf (the pie of customer types)', () => {
  it('sums to exactly 100 where plain rounding does not', () => {
    // Three equal thirds round to 33 each (99); six sixths to 17 each (102).
    expect(sharesOf([1, 1, 1])).toEqual([34, 33, 33]);
    expect(total(sharesOf([1, 1, 1, 1, 1, 1]))).toBe(100);
    expect(sharesOf([1, 1, 1, 1, 1, 1])).toEqual([17, 17, 17, 17, 16, 16]);
    expect(total(sharesOf([2, 2, 2], 2))).toBe(100);
    expect(sharesOf([2, 2, 2], 2)).toEqual([33.34, 33.33, 33.33]);
  });

  it('gives the missing units to the largest remainders, not to the first slices', () => {
    // 10/21 = 47.62, 6/21 = 28.57, 5/21 = 23.81: floors 47, 28, 23 (98); the remainders .62 and .81 win.
    expect(sharesOf([10, 6, 5])).toEqual([48, 28, 24]);
    expect(total(sharesOf([10, 6, 5]))).toBe(100);
  });

  it('keeps exact shares and zeros as they are', () => {
    expect(sharesOf([1, 1, 2])).toEqual([25, 25, 50]);
    expect(sharesOf([3, 0])).toEqual([100, 0]);
    expect(sharesOf([0, 0])).toEqual([0, 0]);
    expect(sharesOf([])).toEqual([]);
  });

  it('sums to 100 for any counts', () => {
    for (let seed = 1; seed < 200; seed += 1) {
      const counts = Array.from({ length: (seed % 9) + 1 }, (_, i) => ((seed * (i + 7)) % 23) + 1);
      expect(total(sharesOf(counts, seed % 3)), counts.join(',')).toBe(100);
    }
  });
});
