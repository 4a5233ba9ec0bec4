import { formatInZone, isUtcZone, parseInZone } from '@backroom/contract';
import { Cron } from 'croner';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../../core/config.js';
import {
  cronProblem,
  firstTick,
  MISSED_AFTER_MS,
  nextTick,
  normalizeCron,
  type ScheduleSpec,
  ticksBetween,
  upcomingTicks,
} from './schedule.js';

const at = (iso: string) => Date.parse(iso);
const spec = (s: Partial<ScheduleSpec>): ScheduleSpec => ({
  taskType: 1,
  cron: null,
  every: null,
  startDate: null,
  endDate: null,
  ...s,
});

describe('task times in a zone', () => {
  it('writes and reads a wall clock in the zone, not the server’s', () => {
    const instant = new Date('2026-11-22T19:00:00.000Z');
    expect(formatInZone(instant, 'Asia/Shanghai')).toBe('2026-11-23 03:00:00');
    expect(formatInZone(instant, 'UTC')).toBe('2026-11-22 19:00:00');
    expect(parseInZone('2026-11-23 03:00:00', 'Asia/Shanghai')?.toISOString()).toBe('2026-11-22T19:00:00.000Z');
    expect(parseInZone('2026-11-23', 'Asia/Shanghai')?.toISOString()).toBe('2026-11-22T16:00:00.000Z');
    expect(parseInZone('2026-11-23 03:00', 'UTC')?.toISOString()).toBe('2026-11-23T03:00:00.000Z');
  });

  it('reads UTC under any of its names as Intl does, without asking it', () => {
    const intl = new Intl.DateTimeFormat('sv-SE', { timeZone: 'UTC', dateStyle: 'short', timeStyle: 'medium' });
    for (const iso of [
      '2026-01-01T00:00:00Z',
      '2026-07-15T23:59:59Z',
      '2024-02-29T12:34:56Z',
      '1999-12-31T23:00:01Z',
    ]) {
      const instant = new Date(iso);
      for (const name of ['UTC', 'Etc/UTC', 'Etc/GMT', 'Zulu']) {
        expect(isUtcZone(name)).toBe(true);
        expect(formatInZone(instant, name)).toBe(intl.format(instant));
        expect(parseInZone(formatInZone(instant, name), name)?.getTime()).toBe(instant.getTime());
      }
    }
    expect(isUtcZone('Europe/London')).toBe(false);
    expect(isUtcZone('Africa/Casablanca')).toBe(false);
    // croner reads UTC as an offset of 0; its named-zone reading agrees.
    const from = new Date('2026-03-29T00:30:00Z');
    const named = new Cron('0 2 * * *', { paused: true, timezone: 'UTC' }).nextRuns(5, from);
    const ticks = upcomingTicks(spec({ taskType: 0, cron: '0 2 * * *' }), 'UTC', from.getTime(), 5);
    expect(ticks).toEqual(named.map((d) => d.getTime()));
  });

  it('reads both sides of a daylight-saving change, and refuses dates that do not exist', () => {
    // New York: clocks go from 01:59:59 EST to 03:00 EDT on 2026-03-08.
    expect(parseInZone('2026-03-08 01:30:00', 'America/New_York')?.toISOString()).toBe('2026-03-08T06:30:00.000Z');
    expect(parseInZone('2026-03-08 03:30:00', 'America/New_York')?.toISOString()).toBe('2026-03-08T07:30:00.000Z');
    expect(parseInZone('2026-02-30 00:00:00', 'UTC')).toBeUndefined();
    expect(parseInZone('2026-13-01', 'UTC')).toBeUndefined();
    expect(parseInZone('yesterday', 'UTC')).toBeUndefined();
  });
});

describe('cron patterns', () => {
  it('takes 5 and 6 fields and the family’s 0/5 steps, and says what is wrong with the rest', () => {
    expect(cronProblem('*/5 * * * *', 'UTC')).toBeNull();
    expect(cronProblem('0/5 * * * * ?', 'UTC')).toBeNull();
    expect(normalizeCron('  0/5   * * * * ? ')).toBe('0/5 * * * * ?');
    expect(cronProblem('61 * * * *', 'UTC')).toMatch(/minute/i);
    expect(cronProblem('* * * * * * *', 'UTC')).toMatch(/5 or 6/);
    expect(cronProblem('every day', 'UTC')).toBeTruthy();
  });

  it('reads a 5-field pattern as minutes and a 6-field one as seconds, in the task zone', () => {
    const now = at('2026-11-22T06:33:31.500Z');
    expect(firstTick(spec({ taskType: 0, cron: '*/5 * * * *' }), 'UTC', now)).toBe(at('2026-11-22T06:35:00.000Z'));
    expect(firstTick(spec({ taskType: 0, cron: '*/5 * * * * *' }), 'UTC', now)).toBe(at('2026-11-22T06:33:35.000Z'));
    // 03:00 in Shanghai is 19:00 UTC the day before.
    expect(firstTick(spec({ taskType: 0, cron: '0 3 * * *' }), 'Asia/Shanghai', now)).toBe(
      at('2026-11-22T19:00:00.000Z'),
    );
  });
});

describe('ticks', () => {
  const now = at('2026-11-22T06:00:00.250Z');

  it('runs an interval task at once, then every interval, keeping its phase', () => {
    const s = spec({ every: 1500 });
    expect(upcomingTicks(s, 'UTC', now, 3)).toEqual([now, now + 1500, now + 3000]);
  });

  it('waits for the startDate and ends at the endDate, inclusive', () => {
    const s = spec({ every: 1000, startDate: '2026-11-22 06:00:05', endDate: '2026-11-22 06:00:07' });
    expect(upcomingTicks(s, 'UTC', now, 10)).toEqual([
      at('2026-11-22T06:00:05Z'),
      at('2026-11-22T06:00:06Z'),
      at('2026-11-22T06:00:07Z'),
    ]);
    const cron = spec({
      taskType: 0,
      cron: '* * * * * *',
      startDate: '2026-11-22 06:00:05',
      endDate: '2026-11-22 06:00:06',
    });
    expect(upcomingTicks(cron, 'UTC', now, 10)).toEqual([at('2026-11-22T06:00:05Z'), at('2026-11-22T06:00:06Z')]);
    expect(firstTick(spec({ every: 1000, endDate: '2026-11-22 05:00:00' }), 'UTC', now)).toBeNull();
  });

  it('skips ticks missed while the server was down, rather than running a backlog', () => {
    const interval = spec({ every: 1000 });
    const previous = now - 60_000;
    // Within the grace, the next tick runs late; beyond it, the schedule resumes at the first slot from now.
    expect(nextTick(interval, 'UTC', now - 2000, now)).toBe(now - 1000);
    const resumed = nextTick(interval, 'UTC', previous, now) as number;
    expect(resumed).toBeGreaterThanOrEqual(now - MISSED_AFTER_MS);
    expect((resumed - previous) % 1000).toBe(0);
    const cron = spec({ taskType: 0, cron: '0 * * * * *' });
    expect(nextTick(cron, 'UTC', at('2026-11-22T05:00:00Z'), now)).toBe(at('2026-11-22T06:01:00Z'));
  });

  it('counts the ticks a scheduler missed, from the first it had planned, within the endDate', () => {
    const from = at('2026-11-22T06:00:00Z');
    expect(ticksBetween(spec({ every: 1000 }), 'UTC', from, from + 6500)).toBe(7);
    expect(ticksBetween(spec({ every: 1000 }), 'UTC', from, from)).toBe(0);
    expect(ticksBetween(spec({ taskType: 0, cron: '0 * * * * *' }), 'UTC', from, from + 3 * 60_000)).toBe(3);
    const ending = spec({ every: 1000, endDate: '2026-11-22 06:00:02' });
    expect(ticksBetween(ending, 'UTC', from, from + 60_000)).toBe(3);
    // A day of a per-second pattern: counted by the pace of its first thousand ticks.
    expect(ticksBetween(spec({ taskType: 0, cron: '* * * * * *' }), 'UTC', from, from + 86_400_000)).toBe(86_400);
  });

  it('uses cron only for cron tasks: an interval task ignores a leftover pattern', () => {
    expect(firstTick(spec({ taskType: 1, every: 1000, cron: '0 0 1 1 *' }), 'UTC', now)).toBe(now);
    expect(firstTick(spec({ taskType: 1, every: null }), 'UTC', now)).toBeNull();
  });
});

describe('TASK_TIMEZONE', () => {
  it('defaults to the server’s zone, takes IANA names and refuses the rest with one line', () => {
    expect(loadConfig({}).taskTimezone).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
    expect(loadConfig({ TASK_TIMEZONE: 'Asia/Shanghai' }).taskTimezone).toBe('Asia/Shanghai');
    expect(() => loadConfig({ TASK_TIMEZONE: 'Mars/Olympus' })).toThrow(ConfigError);
    expect(() => loadConfig({ TASK_TIMEZONE: 'Mars/Olympus' })).toThrow(/TASK_TIMEZONE/);
    expect(loadConfig({ TASK_TIMEOUT: '5' }).taskTimeoutMs).toBe(5000);
    expect(() => loadConfig({ TASK_TIMEOUT: '0' })).toThrow(/TASK_TIMEOUT/);
  });
});
