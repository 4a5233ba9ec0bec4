import { describe, expect, it } from 'vitest';
import { typeOption } from './chart-options';

/** The pie's label of each slice, as the chart draws it. */
function labels(counts: number[], locale = 'en'): string[] {
  const option = typeOption(
    { color: '#4165d7', dark: false },
    counts.map((value, i) => ({ name: `type ${i}`, value })),
    locale,
  );
  const series = (Array.isArray(option.series) ? option.series[0] : option.series) as {
    label: { formatter: (params: unknown) => string };
  };
  return counts.map((_, dataIndex) => series.label.formatter({ dataIndex }));
}

describe('the customer types pie', () => {
  it('labels shares that sum to exactly 100%', () => {
    // Six equal types: ECharts' own {d} showed 16.66% beside 16.67%; ours still differ by a unit, and sum to 100.
    for (const counts of [
      [1, 1, 1],
      [1, 1, 1, 1, 1, 1],
      [10, 6, 5],
      [997, 2, 1],
    ]) {
      const shown = labels(counts).map((l) => Number(l.replace('%', '')));
      expect(Math.round(shown.reduce((s, x) => s + x, 0) * 10) / 10, counts.join(',')).toBe(100);
    }
    expect(labels([1, 1, 1])).toEqual(['33.4%', '33.3%', '33.3%']);
  });

  it('escapes a type name in the tooltip, which is HTML', () => {
    const option = typeOption({ color: '#4165d7', dark: false }, [{ name: '<img src=x onerror=alert(1)>', value: 1 }]);
    const tooltip = option.tooltip as { formatter: (params: unknown) => string };
    expect(tooltip.formatter({ dataIndex: 0 })).toBe('&#60;img src=x onerror=alert(1)&#62;: 1 (100%)');
  });
});
