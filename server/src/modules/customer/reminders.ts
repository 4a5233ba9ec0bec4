import { label } from '@backroom/contract';
import { z } from 'zod';
import type { AppContext } from '../../core/context.js';
import type { NewMessage } from '../../core/message-center.js';
import { CUSTOMER_KINDS } from './customer-kinds.js';
import { type DayInvitation, departmentNames, invitationsOn, managersOf } from './reminders.repository.js';

/** Visits a reminder lists by name and time; the count says how many more there are. */
const LISTED = 20;
/** Invitation statuses (the invitationStatus dictionary): 1 invited, 4 no-show. */
const INVITED = '1';
const NO_SHOW = '4';

/** The day (`YYYY-MM-DD`) `offset` days from `at`, in the zone tasks run in. */
export function dayIn(zone: string, at: Date, offset: number): string {
  const today = new Intl.DateTimeFormat('en-CA', {
    timeZone: zone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(at);
  const [y, m, d] = today.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + offset)).toISOString().slice(0, 10);
}

function byOwner(rows: readonly DayInvitation[]): Map<number, DayInvitation[]> {
  const owners = new Map<number, DayInvitation[]>();
  for (const row of rows) owners.set(row.employeeId, [...(owners.get(row.employeeId) ?? []), row]);
  return owners;
}

const listed = (rows: readonly DayInvitation[]) =>
  rows.slice(0, LISTED).map((r) => ({ name: r.customerName, time: r.inviteTime.slice(11, 16) }));

/**
 * The reminder jobs (scheduled tasks; docs/architecture.md, "Messages"): each owner of invitations
 * on the day gets one message listing them, and the morning's run tells each owner of yesterday's
 * no-shows and each store manager of her store's. Every message is keyed by its day (and store),
 * so a second run, or a run on another instance, makes none again.
 */
export function createReminders(ctx: AppContext) {
  const db = () => ctx.db.db;

  async function visits(day: string, kind: 'visitTomorrow' | 'visitToday'): Promise<number> {
    const owners = byOwner(await invitationsOn(db(), day, [INVITED]));
    const messages: NewMessage[] = [...owners].map(([owner, rows]) => ({
      kind,
      userIds: [owner],
      params: { day, count: rows.length, visits: listed(rows) },
      link: `/customer/invitation?date=${day}`,
      onceKey: day,
    }));
    return ctx.messages.notify(messages);
  }

  async function noShows(day: string): Promise<number> {
    const rows = await invitationsOn(db(), day, [INVITED, NO_SHOW]);
    const messages: NewMessage[] = [...byOwner(rows)].map(([owner, own]) => ({
      kind: CUSTOMER_KINDS.noShow,
      userIds: [owner],
      params: { day, count: own.length, visits: listed(own) },
      link: `/customer/invitation?date=${day}&status=${INVITED}`,
      onceKey: day,
    }));
    const perStore = new Map<number, number>();
    for (const row of rows) if (row.storeId !== null) perStore.set(row.storeId, (perStore.get(row.storeId) ?? 0) + 1);
    const stores = [...perStore.keys()];
    const [managers, names] = await Promise.all([managersOf(db(), stores), departmentNames(db(), stores)]);
    for (const storeId of stores) {
      const userIds = managers.filter((m) => m.storeId === storeId).map((m) => m.id);
      if (userIds.length === 0) continue;
      messages.push({
        kind: CUSTOMER_KINDS.noShowSummary,
        userIds,
        params: { day, count: perStore.get(storeId) ?? 0, store: names.get(storeId) ?? '' },
        link: `/customer/invitation?date=${day}&status=${INVITED}&storeId=${storeId}`,
        onceKey: `${day}:${storeId}`,
      });
    }
    return ctx.messages.notify(messages);
  }

  const zone = ctx.config.taskTimezone;
  const at = (plannedAt: Date | null) => plannedAt ?? new Date();
  ctx.taskHandlers.register({
    name: 'customer:visits-tomorrow',
    label: label('明日到访提醒', '明日到訪提醒', "Tomorrow's visits reminder"),
    args: z.object({}).strict(),
    async run(_args, _signal, run) {
      const day = dayIn(zone, at(run.plannedAt), 1);
      return { day, messages: await visits(day, CUSTOMER_KINDS.visitTomorrow) };
    },
  });
  ctx.taskHandlers.register({
    name: 'customer:visits-today',
    label: label('今日到访提醒', '今日到訪提醒', "Today's visits reminder"),
    args: z.object({}).strict(),
    async run(_args, _signal, run) {
      const day = dayIn(zone, at(run.plannedAt), 0);
      const yesterday = dayIn(zone, at(run.plannedAt), -1);
      return { day, messages: await visits(day, CUSTOMER_KINDS.visitToday), noShows: await noShows(yesterday) };
    },
  });
  return { visits, noShows };
}
