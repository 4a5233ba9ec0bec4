/**
 * Each count's share of their sum in percent, to `decimals` places, by the largest remainder: every
 * share is its exact value rounded down, then the units still missing from 100 go one each to the
 * shares that lost the most in rounding (ties: the larger count, then the earlier one), so the shares
 * always sum to exactly 100 (none when the sum is 0: all 0).
 */
export function sharesOf(counts: readonly number[], decimals = 0): number[] {
  const sum = counts.reduce((s, c) => s + c, 0);
  if (sum <= 0) return counts.map(() => 0);
  const scale = 10 ** decimals;
  const units = 100 * scale;
  const exact = counts.map((c) => (c / sum) * units);
  const floors = exact.map(Math.floor);
  let missing = units - floors.reduce((s, f) => s + f, 0);
  const order = counts
    .map((count, i) => ({ i, count, rest: (exact[i] ?? 0) - (floors[i] ?? 0) }))
    .sort((a, b) => b.rest - a.rest || b.count - a.count || a.i - b.i);
  for (const { i } of order) {
    if (missing <= 0) break;
    floors[i] = (floors[i] ?? 0) + 1;
    missing -= 1;
  }
  return floors.map((f) => f / scale);
}
