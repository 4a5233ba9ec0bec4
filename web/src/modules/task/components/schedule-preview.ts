import { formatInZone, parseInZone } from '@backroom/contract';

/** What the form holds of a schedule; `every` in milliseconds, as the entity stores it. */
export type PreviewSpec = {
  taskType?: number;
  cron?: string | null;
  every?: number | null;
  startDate?: string | null;
  endDate?: string | null;
};

export type Preview =
  | { kind: 'ticks'; ticks: string[] }
  | { kind: 'invalid'; problem: string }
  | { kind: 'incomplete' };

/**
 * The next `count` run times of a schedule, as wall clocks in the task time zone, computed the way
 * the server does: croner for cron (5 or 6 fields, the family's `0/5` steps), the interval from
 * now or the start date, nothing after the end date. croner loads only when a form needs it.
 */
export async function previewSchedule(spec: PreviewSpec, zone: string, now: number, count = 5): Promise<Preview> {
  const start = spec.startDate ? parseInZone(spec.startDate, zone)?.getTime() : undefined;
  const end = spec.endDate ? parseInZone(spec.endDate, zone)?.getTime() : undefined;
  const from = Math.max(now, start ?? now);
  const ticks: number[] = [];
  const within = (tick: number) => end === undefined || tick <= end;
  if ((spec.taskType ?? 0) === 0) {
    const pattern = spec.cron?.trim().replace(/\s+/g, ' ');
    if (!pattern) return { kind: 'incomplete' };
    const { Cron } = await import('croner');
    let cron: InstanceType<typeof Cron>;
    try {
      cron = new Cron(pattern, { paused: true, timezone: zone, mode: '5-or-6-parts', sloppyRanges: true });
    } catch (error) {
      return { kind: 'invalid', problem: error instanceof Error ? error.message.replace(/^CronPattern: /, '') : '' };
    }
    let previous = new Date(from - 1);
    while (ticks.length < count) {
      const next = cron.nextRun(previous);
      if (!next || !within(next.getTime())) break;
      ticks.push(next.getTime());
      previous = next;
    }
  } else {
    const every = spec.every ?? 0;
    if (!Number.isFinite(every) || every < 1000) return { kind: 'incomplete' };
    for (let tick = from; ticks.length < count && within(tick); tick += every) ticks.push(tick);
  }
  return { kind: 'ticks', ticks: ticks.map((tick) => formatInZone(new Date(tick), zone)) };
}
