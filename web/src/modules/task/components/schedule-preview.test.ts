import { describe, expect, it } from 'vitest';
import { previewSchedule } from './schedule-preview';

const now = Date.parse('2026-11-22T06:33:31.500Z');

describe('the schedule preview', () => {
  it('lists the next five cron runs in the task time zone', async () => {
    expect(await previewSchedule({ taskType: 0, cron: '0 3 * * *' }, 'Asia/Shanghai', now)).toEqual({
      kind: 'ticks',
      ticks: [
        '2026-11-23 03:00:00',
        '2026-11-24 03:00:00',
        '2026-11-25 03:00:00',
        '2026-11-26 03:00:00',
        '2026-11-27 03:00:00',
      ],
    });
    const seconds = await previewSchedule({ taskType: 0, cron: ' 0/5 * * * * ? ' }, 'UTC', now);
    expect(seconds).toMatchObject({
      kind: 'ticks',
      ticks: [
        '2026-11-22 06:33:35',
        '2026-11-22 06:33:40',
        '2026-11-22 06:33:45',
        '2026-11-22 06:33:50',
        '2026-11-22 06:33:55',
      ],
    });
  });

  it('runs an interval from its start date and stops at the end date', async () => {
    const spec = { taskType: 1, every: 30_000, startDate: '2026-12-01 08:00:00', endDate: '2026-12-01 08:01:00' };
    expect(await previewSchedule(spec, 'UTC', now)).toEqual({
      kind: 'ticks',
      ticks: ['2026-12-01 08:00:00', '2026-12-01 08:00:30', '2026-12-01 08:01:00'],
    });
  });

  it('says what is wrong with a pattern, and waits for a complete one', async () => {
    expect(await previewSchedule({ taskType: 0, cron: '61 * * * *' }, 'UTC', now)).toMatchObject({ kind: 'invalid' });
    expect(await previewSchedule({ taskType: 0, cron: '' }, 'UTC', now)).toEqual({ kind: 'incomplete' });
    expect(await previewSchedule({ taskType: 1, every: null }, 'UTC', now)).toEqual({ kind: 'incomplete' });
    expect(
      await previewSchedule({ taskType: 0, cron: '* * * * *', endDate: '2020-01-01 00:00:00' }, 'UTC', now),
    ).toEqual({
      kind: 'ticks',
      ticks: [],
    });
  });
});
