import { ERRORS, positionAt, TransformError } from './errors';

/** The zone the browser is in: the default of the zone choice. */
export const localTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/** Every zone the browser knows (IANA names), for the zone choice. */
export function timeZones(): string[] {
  const known = Intl.supportedValuesOf?.('timeZone') ?? [];
  // Some engines leave out UTC itself: it is the zone most asked for.
  return known.includes('UTC') ? known : ['UTC', ...known];
}

const formats = new Map<string, Intl.DateTimeFormat>();
function formatIn(timeZone: string): Intl.DateTimeFormat {
  let format = formats.get(timeZone);
  if (!format) {
    try {
      format = new Intl.DateTimeFormat('en-US', {
        timeZone,
        hourCycle: 'h23',
        year: 'numeric',
        month: 'numeric',
        day: 'numeric',
        hour: 'numeric',
        minute: 'numeric',
        second: 'numeric',
        era: 'short',
      });
    } catch {
      throw new TransformError(ERRORS.timeZone, { zone: timeZone });
    }
    formats.set(timeZone, format);
  }
  return format;
}

type Wall = { year: number; month: number; day: number; hour: number; minute: number; second: number };

/** The wall-clock time in `timeZone` at the instant `ms` (whole seconds). */
function wallTime(ms: number, timeZone: string): Wall {
  const parts = Object.fromEntries(
    formatIn(timeZone)
      .formatToParts(new Date(ms))
      .map((p) => [p.type, p.value]),
  );
  const year = Number(parts.year);
  return {
    // Years before 1 come as "1 BC", "2 BC"…: astronomical numbering makes 1 BC year 0.
    year: parts.era === 'BC' || parts.era === 'B' ? 1 - year : year,
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour),
    minute: Number(parts.minute),
    second: Number(parts.second),
  };
}

const wallAsUtc = (w: Wall) => {
  const date = new Date(Date.UTC(2000, w.month - 1, w.day, w.hour, w.minute, w.second));
  date.setUTCFullYear(w.year); // Date.UTC reads 0–99 as 1900–1999
  return date.getTime();
};

/** The zone's offset from UTC at `ms`, in milliseconds (east positive). */
export function zoneOffset(ms: number, timeZone: string): number {
  const whole = Math.floor(ms / 1000) * 1000;
  return wallAsUtc(wallTime(whole, timeZone)) - whole;
}

const pad = (n: number, width = 2) => String(Math.abs(n)).padStart(width, '0');
const formatOffset = (offsetMs: number) => {
  const minutes = Math.round(offsetMs / 60_000);
  return `${minutes < 0 ? '-' : '+'}${pad(Math.floor(Math.abs(minutes) / 60))}:${pad(Math.abs(minutes) % 60)}`;
};

/** An instant as `2026-11-26 21:04:32 +08:00` in the zone (with `.123` when it has milliseconds). */
export function formatInZone(ms: number, timeZone: string): string {
  const w = wallTime(ms, timeZone);
  const millis = ((ms % 1000) + 1000) % 1000;
  const year = w.year < 0 ? `-${pad(w.year, 4)}` : pad(w.year, 4);
  const time = `${pad(w.hour)}:${pad(w.minute)}:${pad(w.second)}${millis ? `.${pad(millis, 3)}` : ''}`;
  return `${year}-${pad(w.month)}-${pad(w.day)} ${time} ${formatOffset(zoneOffset(ms, timeZone))}`;
}

export type TimestampUnit = 'auto' | 's' | 'ms';

/** Runs `convert` over each line; blank lines stay blank, and a line it refuses is an error at that line. */
function eachLine(input: string, convert: (text: string, line: number, offset: number) => string): string {
  if (input.trim() === '') throw new TransformError(ERRORS.empty);
  let offset = 0;
  return input
    .split('\n')
    .map((raw, i) => {
      const start = offset;
      offset += raw.length + 1;
      const text = raw.trim();
      return text === '' ? '' : convert(text, i + 1, start + raw.indexOf(text));
    })
    .join('\n');
}

/** Largest instant a Date holds: ±8.64e15 ms around 1970. */
const MAX_MS = 8.64e15;

/**
 * Unix timestamps, one a line → the date and time each is in `timeZone`. With `auto`, a number of
 * 12 digits or more is milliseconds (seconds that large are past the year 5000), else seconds.
 */
export function timestampsToDates(input: string, timeZone: string, unit: TimestampUnit = 'auto'): string {
  formatIn(timeZone);
  return eachLine(input, (text, line, offset) => {
    if (!/^[+-]?\d+(\.\d+)?$/.test(text)) {
      throw new TransformError(ERRORS.timestamp, { line, value: text }, positionAt(input, offset));
    }
    const value = Number(text);
    const inMs = unit === 'ms' || (unit === 'auto' && Math.abs(value) >= 1e11);
    const ms = Math.round(inMs ? value : value * 1000);
    if (!Number.isFinite(ms) || Math.abs(ms) > MAX_MS) {
      throw new TransformError(ERRORS.timestampRange, { line }, positionAt(input, offset));
    }
    return formatInZone(ms, timeZone);
  });
}

const DATE_TIME =
  /^(\d{4})[-/](\d{1,2})[-/](\d{1,2})(?:[ T](\d{1,2}):(\d{2})(?::(\d{2})(?:\.(\d{1,3}))?)?)?\s*(Z|[+-]\d{2}:?\d{2})?$/i;

/** The instant a wall-clock time in `timeZone` names (for a time a clock change skips, the one an hour on). */
export function instantInZone(wall: Wall, millis: number, timeZone: string): number {
  const guess = wallAsUtc(wall) + millis;
  const first = guess - zoneOffset(guess, timeZone);
  return guess - zoneOffset(first, timeZone);
}

/**
 * Dates and times, one a line (`2026-11-26 13:04:05`, `2026/11/26`, ISO 8601 with `T`, an explicit
 * `Z` or `+08:00`), read in `timeZone` unless they carry an offset → Unix timestamps in `unit`.
 */
export function datesToTimestamps(input: string, timeZone: string, unit: 's' | 'ms' = 's'): string {
  formatIn(timeZone);
  return eachLine(input, (text, line, offset) => {
    const bad = () => new TransformError(ERRORS.date, { line, value: text }, positionAt(input, offset));
    const m = DATE_TIME.exec(text);
    if (!m) throw bad();
    const [year, month, day, hour, minute, second] = [1, 2, 3, 4, 5, 6].map((i) => Number(m[i] ?? 0)) as [
      number,
      number,
      number,
      number,
      number,
      number,
    ];
    const millis = Number((m[7] ?? '').padEnd(3, '0'));
    const wall = { year, month, day, hour, minute, second };
    // Date.UTC rolls 2026-02-30 over into March: a date that does not round-trip does not exist.
    const check = new Date(wallAsUtc(wall));
    if (check.getUTCMonth() + 1 !== month || check.getUTCDate() !== day || hour > 23 || minute > 59 || second > 59) {
      throw bad();
    }
    const zone = m[8];
    let ms: number;
    if (zone) {
      const sign = zone.startsWith('-') ? -1 : 1;
      const digits = zone.replace(/[^0-9]/g, '');
      const offsetMs =
        zone.toUpperCase() === 'Z' ? 0 : sign * (Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2))) * 60_000;
      ms = wallAsUtc(wall) + millis - offsetMs;
    } else ms = instantInZone(wall, millis, timeZone);
    return unit === 'ms' ? String(ms) : String(ms / 1000);
  });
}
