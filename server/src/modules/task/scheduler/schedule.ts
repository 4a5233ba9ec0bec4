import { isUtcZone, parseInZone } from '@backroom/contract';
import { Cron } from 'croner';

/** What decides when a task runs (the columns of task_info that matter to the schedule). */
export type ScheduleSpec = {
  taskType: number;
  cron: string | null;
  every: number | null;
  startDate: string | null;
  endDate: string | null;
};

/**
 * A planned tick more than this far in the past was missed (the server was down or stalled): it is
 * skipped and the schedule goes on from now, as croner and BullMQ do, rather than running a backlog.
 */
export const MISSED_AFTER_MS = 5000;

/** Cron text as stored: trimmed, single spaces (the family writes `0/5 * * * * ? `). */
export function normalizeCron(pattern: string): string {
  return pattern.trim().replace(/\s+/g, ' ');
}

const patterns = new Map<string, Cron>();

/** A paused croner job used only to compute run times: 5 fields (minutes) or 6 (seconds first). */
export function cronFor(pattern: string, timeZone: string): Cron {
  const key = `${timeZone}\u0000${pattern}`;
  let cron = patterns.get(key);
  if (!cron) {
    cron = new Cron(normalizeCron(pattern), {
      paused: true,
      // UTC as an offset: croner reads a named zone through Intl (see isUtcZone).
      ...(isUtcZone(timeZone) ? { utcOffset: 0 } : { timezone: timeZone }),
      mode: '5-or-6-parts',
      // The family writes steps as `0/5`; croner reads them only in this mode.
      sloppyRanges: true,
    });
    if (patterns.size > 1000) patterns.clear();
    patterns.set(key, cron);
  }
  return cron;
}

/** Why a cron text is refused (croner's own words), or null when it is valid. */
export function cronProblem(pattern: string, timeZone: string): string | null {
  try {
    cronFor(pattern, timeZone);
    return null;
  } catch (error) {
    return error instanceof Error ? error.message.replace(/^CronPattern: /, '') : String(error);
  }
}

export type Window = { start: number | null; end: number | null };

/** startDate and endDate as instants (read as clocks in the task time zone). */
export function windowOf(spec: Pick<ScheduleSpec, 'startDate' | 'endDate'>, timeZone: string): Window {
  const read = (text: string | null) => (text ? (parseInZone(text, timeZone)?.getTime() ?? null) : null);
  return { start: read(spec.startDate), end: read(spec.endDate) };
}

/** The schedule is cron when the task says so and has a pattern; otherwise a fixed interval. */
export function usesCron(spec: Pick<ScheduleSpec, 'taskType' | 'cron'>): boolean {
  return spec.taskType === 0 && !!spec.cron;
}

/** The first cron tick at or after `from` (croner's nextRun is strictly after its argument). */
function cronAtOrAfter(spec: ScheduleSpec, timeZone: string, from: number): number | null {
  const next = cronFor(spec.cron as string, timeZone).nextRun(new Date(from - 1));
  return next ? next.getTime() : null;
}

const withinEnd = (tick: number | null, window: Window) =>
  tick !== null && (window.end === null || tick <= window.end) ? tick : null;

/**
 * When a task that starts now first runs: an interval task at once (or at its startDate), a cron
 * task at its first tick from then. Null when nothing is left before the endDate.
 */
export function firstTick(spec: ScheduleSpec, timeZone: string, now: number): number | null {
  const window = windowOf(spec, timeZone);
  const from = Math.max(now, window.start ?? now);
  if (usesCron(spec)) return withinEnd(cronAtOrAfter(spec, timeZone, from), window);
  if (!spec.every) return null;
  return withinEnd(from, window);
}

/**
 * The tick after `previous`. A tick already further than MISSED_AFTER_MS in the past is skipped:
 * an interval keeps its phase and lands on the first slot from now, a cron pattern goes on from now.
 */
export function nextTick(spec: ScheduleSpec, timeZone: string, previous: number, now: number): number | null {
  const window = windowOf(spec, timeZone);
  const floor = Math.max(now - MISSED_AFTER_MS, window.start ?? Number.NEGATIVE_INFINITY);
  if (usesCron(spec)) {
    let next =
      cronFor(spec.cron as string, timeZone)
        .nextRun(new Date(previous))
        ?.getTime() ?? null;
    if (next !== null && next < floor) next = cronAtOrAfter(spec, timeZone, Math.max(now, floor));
    return withinEnd(next, window);
  }
  const every = spec.every;
  if (!every) return null;
  let next = previous + every;
  if (next < floor) next += Math.ceil((floor - next) / every) * every;
  return withinEnd(next, window);
}

/** The next `count` ticks from `now`, for previews. */
export function upcomingTicks(spec: ScheduleSpec, timeZone: string, now: number, count: number): number[] {
  const out: number[] = [];
  let tick = firstTick(spec, timeZone, now);
  while (tick !== null && out.length < count) {
    out.push(tick);
    tick = nextTick(spec, timeZone, tick, tick);
  }
  return out;
}

/** Most ticks `ticksBetween` steps through one by one (a cron pattern, about 0.1 ms each). */
const COUNT_STEPS = 1000;

/**
 * How many ticks fall in [from, to): the ticks a scheduler that could not run them missed, from
 * the first one it had planned (`from` is a tick). An interval counts by division; a pattern tick
 * by tick, and past COUNT_STEPS ticks by the pace of those (an estimate, for an outage of days).
 */
export function ticksBetween(spec: ScheduleSpec, timeZone: string, from: number, to: number): number {
  const window = windowOf(spec, timeZone);
  const end = window.end === null ? to : Math.min(to, window.end + 1);
  if (end <= from) return 0;
  if (!usesCron(spec)) return spec.every ? Math.ceil((end - from) / spec.every) : 0;
  const cron = cronFor(spec.cron as string, timeZone);
  let count = 1;
  let tick = cron.nextRun(new Date(from))?.getTime();
  for (; tick !== undefined && tick < end; count += 1) {
    if (count === COUNT_STEPS) return Math.round((count * (end - from)) / (tick - from));
    tick = cron.nextRun(new Date(tick))?.getTime();
  }
  return count;
}
