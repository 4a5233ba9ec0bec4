import type { Message } from '@backroom/contract';
import { describe, expect, it } from 'vitest';
import { groupByDay, localDay } from './message-groups';

const message = (id: number, createTime: string): Message => ({
  id,
  kind: 'notice',
  title: `m${id}`,
  body: '',
  link: null,
  readTime: null,
  createTime,
});

describe('groupByDay', () => {
  it('keeps the order and starts a group at each new day', () => {
    const days = groupByDay([
      message(3, '2026-12-02 09:00:00'),
      message(2, '2026-12-02 08:00:00'),
      message(1, '2026-12-01 18:00:00'),
    ]);
    expect(days.map((d) => [d.day, d.messages.map((m) => m.id)])).toEqual([
      ['2026-12-02', [3, 2]],
      ['2026-12-01', [1]],
    ]);
    expect(groupByDay([])).toEqual([]);
  });
  it('names a day in the browser time', () => {
    expect(localDay(new Date(2026, 0, 5, 23, 59))).toBe('2026-01-05');
  });
});
