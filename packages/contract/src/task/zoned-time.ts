/** Task times are wall clocks in the task time zone (TASK_TIMEZONE); server and screen read and write them the same way. */
const formatters = new Map<string, Intl.DateTimeFormat>();

/** The names IANA gives the zone that is UTC all year (and has been since its clocks began). */
const UTC_NAMES = new Set(
  ['UTC', 'UCT', 'GMT', 'GMT0', 'GMT+0', 'GMT-0', 'Greenwich', 'Universal', 'Zulu'].flatMap((n) => [n, `Etc/${n}`]),
);

/**
 * Whether `timeZone` is UTC under one of its names. Its clock is read with Date's UTC fields: asking
 * Intl would load ICU's zone data, about 5 MB of a server's memory, for a zone that needs none.
 */
export function isUtcZone(timeZone: string): boolean {
  return UTC_NAMES.has(timeZone);
}

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

type Parts = { year: number; month: number; day: number; hour: number; minute: number; second: number };

function partsIn(date: Date, timeZone: string): Parts {
  if (isUtcZone(timeZone)) {
    return {
      year: date.getUTCFullYear(),
      month: date.getUTCMonth() + 1,
      day: date.getUTCDate(),
      hour: date.getUTCHours(),
      minute: date.getUTCMinutes(),
      second: date.getUTCSeconds(),
    };
  }
  const out: Record<string, number> = {};
  for (const part of formatterFor(timeZone).formatToParts(date)) {
    if (part.type !== 'literal') out[part.type] = Number(part.value);
  }
  return out as Parts;
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** `YYYY-MM-DD HH:mm:ss` as a clock in `timeZone` shows the instant. */
export function formatInZone(date: Date, timeZone: string): string {
  const p = partsIn(date, timeZone);
  return `${pad(p.year, 4)}-${pad(p.month)}-${pad(p.day)} ${pad(p.hour)}:${pad(p.minute)}:${pad(p.second)}`;
}

/** How far `timeZone` is ahead of UTC at this instant, milliseconds. */
function offsetAt(instant: number, timeZone: string): number {
  const p = partsIn(new Date(instant), timeZone);
  const asUtc = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  return asUtc - Math.floor(instant / 1000) * 1000;
}

const WALL_CLOCK = /^(\d{4})-(\d{2})-(\d{2})(?: (\d{2}):(\d{2})(?::(\d{2}))?)?$/;

/**
 * The instant a clock in `timeZone` shows as `YYYY-MM-DD[ HH:mm[:ss]]`; undefined for text that is
 * not such a time. A time skipped by a daylight-saving jump reads as the instant after the jump.
 */
export function parseInZone(text: string, timeZone: string): Date | undefined {
  const m = WALL_CLOCK.exec(text.trim());
  if (!m) return undefined;
  const [year, month, day, hour, minute, second] = m.slice(1).map((v) => Number(v ?? 0)) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  if (month < 1 || month > 12 || day < 1 || day > 31 || hour > 23 || minute > 59 || second > 59) return undefined;
  const wall = Date.UTC(year, month - 1, day, hour, minute, second);
  // Guards against dates like 02-31 that Date.UTC would roll into March.
  const check = new Date(wall);
  if (check.getUTCDate() !== day || check.getUTCMonth() !== month - 1) return undefined;
  // Two rounds settle the offset on both sides of a daylight-saving change.
  let instant = wall - offsetAt(wall, timeZone);
  instant = wall - offsetAt(instant, timeZone);
  return new Date(instant);
}
