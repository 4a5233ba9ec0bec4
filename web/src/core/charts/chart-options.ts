import { shades } from '../theme';
import { sharesOf } from './shares';

/** What a chart takes from the theme: its colour and dark mode. */
export type ChartLook = { color: string; dark: boolean };

/** The series colours: the theme colour, then others that stay apart from it on either surface. */
export function palette(look: ChartLook): string[] {
  const toward = look.dark ? 'white' : 'black';
  const deep = shades(look.color, toward);
  const light = shades(look.color, look.dark ? 'black' : 'white');
  return [look.color, deep[3] ?? look.color, light[3] ?? look.color, deep[6] ?? look.color, light[6] ?? look.color];
}

/** Decimal places of the ring's shares. */
const SHARE_DECIMALS = 1;

/**
 * Each slice's share as the ring's legend writes it (`33.4%`), by the largest remainder
 * (sharesOf), so the shares shown sum to exactly 100%; `locale` writes the number.
 */
export function shareLabels(values: readonly number[], locale = 'en'): string[] {
  return sharesOf(values, SHARE_DECIMALS).map(
    (share) => `${share.toLocaleString(locale, { maximumFractionDigits: SHARE_DECIMALS })}%`,
  );
}

/**
 * The marks of a value axis from 0 to at least `max`: whole numbers (counts) in steps of 1, 2 or 5
 * times a power of ten, about `count` of them above 0.
 */
export function axisTicks(max: number, count = 4): number[] {
  if (!(max > 0)) return [0, 1];
  const raw = max / count;
  const power = 10 ** Math.floor(Math.log10(raw));
  const step = Math.max(1, [1, 2, 5, 10].map((m) => m * power).find((s) => s >= raw) ?? 10 * power);
  const top = Math.ceil(max / step) * step;
  const ticks: number[] = [];
  for (let value = 0; value <= top; value += step) ticks.push(value);
  return ticks;
}

/** An SVG path of a ring's slice from angle `from` to `to` (radians, clockwise from 12 o'clock). */
export function ringSlice(cx: number, cy: number, outer: number, inner: number, from: number, to: number): string {
  // A slice of the whole ring is drawn a hair short of it: an arc from a point to itself draws nothing.
  const end = to - from >= Math.PI * 2 ? from + Math.PI * 2 - 1e-4 : to;
  const at = (angle: number, radius: number) =>
    `${(cx + radius * Math.sin(angle)).toFixed(2)} ${(cy - radius * Math.cos(angle)).toFixed(2)}`;
  const large = end - from > Math.PI ? 1 : 0;
  return [
    `M ${at(from, outer)}`,
    `A ${outer} ${outer} 0 ${large} 1 ${at(end, outer)}`,
    `L ${at(end, inner)}`,
    `A ${inner} ${inner} 0 ${large} 0 ${at(from, inner)}`,
    'Z',
  ].join(' ');
}
