import type { HomeStoreCount, HomeTrendDay } from '@backroom/contract';
import { accentText, shades } from '../../../core/theme';
import type { ChartOption } from './echart';
import { sharesOf } from './shares';

/** What a chart takes from the theme: its colour, dark mode, and the words of its series. */
export type ChartLook = { color: string; dark: boolean };

/** The series colours: the theme colour, then a second and third that stay apart from it on either surface. */
function palette(look: ChartLook): string[] {
  const toward = look.dark ? 'white' : 'black';
  const deep = shades(look.color, toward);
  const light = shades(look.color, look.dark ? 'black' : 'white');
  return [look.color, deep[3] ?? look.color, light[3] ?? look.color, deep[6] ?? look.color, light[6] ?? look.color];
}

function ink(look: ChartLook) {
  return {
    text: look.dark ? 'rgba(255,255,255,0.75)' : 'rgba(0,0,0,0.72)',
    line: look.dark ? '#3a3e47' : '#e8eaf0',
    tooltip: look.dark ? '#23262d' : '#ffffff',
  };
}

const base = (look: ChartLook): ChartOption => {
  const c = ink(look);
  return {
    backgroundColor: 'transparent',
    color: palette(look),
    textStyle: { color: c.text },
    tooltip: {
      backgroundColor: c.tooltip,
      borderColor: c.line,
      textStyle: { color: c.text },
    },
  };
};

/** New customers and invitations per day: two lines (only the series the operator may read). */
export function trendOption(
  look: ChartLook,
  days: HomeTrendDay[],
  names: { customers: string | null; invitations: string | null },
): ChartOption {
  const c = ink(look);
  const series: ChartOption['series'] = [];
  if (names.customers !== null)
    series.push({
      name: names.customers,
      type: 'line',
      symbolSize: 5,
      areaStyle: { opacity: 0.12 },
      data: days.map((d) => d.customers ?? 0),
    });
  if (names.invitations !== null)
    series.push({
      name: names.invitations,
      type: 'line',
      symbolSize: 5,
      lineStyle: { type: 'dashed' },
      data: days.map((d) => d.invitations ?? 0),
    });
  return {
    ...base(look),
    tooltip: { ...base(look).tooltip, trigger: 'axis' },
    legend: { top: 0, textStyle: { color: c.text } },
    grid: { left: 8, right: 16, top: 36, bottom: 8, containLabel: true },
    xAxis: {
      type: 'category',
      boundaryGap: false,
      data: days.map((d) => d.day.slice(5)),
      axisLine: { lineStyle: { color: c.line } },
      axisLabel: { color: c.text },
    },
    yAxis: {
      type: 'value',
      minInterval: 1,
      splitLine: { lineStyle: { color: c.line } },
      axisLabel: { color: c.text },
    },
    series,
  };
}

/** Invitations by store: horizontal bars, the most on top. */
export function storeOption(
  look: ChartLook,
  stores: HomeStoreCount[],
  nameOf: (s: HomeStoreCount) => string,
): ChartOption {
  const c = ink(look);
  const shown = [...stores].reverse();
  return {
    ...base(look),
    tooltip: { ...base(look).tooltip, trigger: 'axis', axisPointer: { type: 'shadow' } },
    grid: { left: 8, right: 24, top: 8, bottom: 8, containLabel: true },
    xAxis: {
      type: 'value',
      minInterval: 1,
      splitLine: { lineStyle: { color: c.line } },
      axisLabel: { color: c.text },
    },
    yAxis: {
      type: 'category',
      data: shown.map(nameOf),
      axisLine: { lineStyle: { color: c.line } },
      axisLabel: { color: c.text, width: 110, overflow: 'truncate' },
    },
    series: [
      {
        type: 'bar',
        barMaxWidth: 22,
        itemStyle: { color: look.color, borderRadius: [0, 4, 4, 0] },
        label: { show: true, position: 'right', color: accentText(look.color, look.dark) },
        data: shown.map((s) => s.count),
      },
    ],
  };
}

/** Text for the tooltip, which ECharts writes as HTML: a type's name is the operator's words. */
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

/** Decimal places of the pie's shares. */
const SHARE_DECIMALS = 1;

/**
 * Customers by type: a ring, its legend below. Each slice's share is ours (sharesOf, the largest
 * remainder), not ECharts' own `{d}`, so the labels sum to exactly 100%; `locale` writes them.
 */
export function typeOption(
  look: ChartLook,
  slices: Array<{ name: string; value: number }>,
  locale = 'en',
): ChartOption {
  const c = ink(look);
  const shares = sharesOf(
    slices.map((s) => s.value),
    SHARE_DECIMALS,
  );
  const percent = (index: number) =>
    `${(shares[index] ?? 0).toLocaleString(locale, { maximumFractionDigits: SHARE_DECIMALS })}%`;
  const at = (params: unknown) => (params as { dataIndex: number }).dataIndex;
  return {
    ...base(look),
    tooltip: {
      ...base(look).tooltip,
      trigger: 'item',
      formatter: (params) => {
        const i = at(params);
        const slice = slices[i];
        return slice ? `${escapeHtml(slice.name)}: ${slice.value.toLocaleString(locale)} (${percent(i)})` : '';
      },
    },
    legend: { bottom: 0, type: 'scroll', textStyle: { color: c.text } },
    series: [
      {
        type: 'pie',
        radius: ['42%', '68%'],
        center: ['50%', '44%'],
        itemStyle: { borderColor: look.dark ? '#17191e' : '#ffffff', borderWidth: 2 },
        label: { color: c.text, formatter: (params: unknown) => percent(at(params)) },
        data: slices,
      },
    ],
  };
}
