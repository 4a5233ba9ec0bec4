import { HOME_RANGE_MAX_DAYS, HOME_TREND_DAYS, type HomeRangeQuery, type HomeRangeWindow } from '@backroom/contract';
import { formatTime } from './db/index.js';
import { badRequest } from './errors.js';

/*
 * Calendar windows in the server's zone, the zone every stored time is written in (formatTime):
 * the home dashboard, the customer module's homeBaseData and the reports count the same days
 * whoever asks, and a list opened with a window counts the same rows.
 */

type Window = { from: string; to: string };

const startOf = (y: number, m: number, d: number) => new Date(y, m, d);
const window = (from: Date, to: Date): Window => ({ from: formatTime(from), to: formatTime(to) });

/** Today, this week (Monday to Sunday) and this month (first to last day), each a whole span of days. */
export function calendarWindows(now: Date): { today: Window; week: Window; month: Window } {
  const y = now.getFullYear();
  const m = now.getMonth();
  const d = now.getDate();
  const monday = d - ((now.getDay() + 6) % 7);
  return {
    today: window(startOf(y, m, d), startOf(y, m, d + 1)),
    week: window(startOf(y, m, monday), startOf(y, m, monday + 7)),
    month: window(startOf(y, m, 1), startOf(y, m + 1, 1)),
  };
}

/** The days (`YYYY-MM-DD`) from a window's start to before its end. */
export function daysOf(w: Window): string[] {
  const days: string[] = [];
  const [y, m, d] = w.from.slice(0, 10).split('-').map(Number) as [number, number, number];
  for (let i = 0; ; i += 1) {
    const day = formatTime(startOf(y, m - 1, d + i));
    if (day >= w.to || i > HOME_RANGE_MAX_DAYS) return days;
    days.push(day.slice(0, 10));
  }
}

const asDay = (text: string): Date | undefined => {
  const [y, m, d] = text.split('-').map(Number) as [number, number, number];
  const date = startOf(y, m - 1, d);
  return formatTime(date).slice(0, 10) === text ? date : undefined;
};

/**
 * The window of a range (this week when none is given): today, this week, this month, the last
 * HOME_TREND_DAYS days ending with today, or whole days `from` to `to` (both given, `from` first,
 * at most HOME_RANGE_MAX_DAYS days; a clear 400 otherwise).
 */
export function rangeWindow(query: HomeRangeQuery, now: Date = new Date()): HomeRangeWindow {
  const range = query.range ?? 'week';
  const calendar = calendarWindows(now);
  let span: Window;
  switch (range) {
    case 'today':
    case 'week':
    case 'month':
      span = calendar[range];
      break;
    case 'last30':
      span = window(
        startOf(now.getFullYear(), now.getMonth(), now.getDate() - (HOME_TREND_DAYS - 1)),
        startOf(now.getFullYear(), now.getMonth(), now.getDate() + 1),
      );
      break;
    case 'custom': {
      const from = query.from === undefined ? undefined : asDay(query.from);
      const to = query.to === undefined ? undefined : asDay(query.to);
      if (!from || !to || from > to) throw badRequest('common.rangeInvalid');
      const end = startOf(to.getFullYear(), to.getMonth(), to.getDate() + 1);
      span = window(from, end);
      if (daysOf(span).length > HOME_RANGE_MAX_DAYS)
        throw badRequest('common.rangeTooLong', { days: HOME_RANGE_MAX_DAYS });
      break;
    }
  }
  return { range, ...span, days: daysOf(span) };
}
