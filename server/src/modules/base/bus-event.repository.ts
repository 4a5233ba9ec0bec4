import type { BusEvent } from '../../core/bus.js';
import type { DbHandle } from '../../core/db/index.js';
import { insertReturningId } from '../../core/db/index.js';
import type { BusLog, LoggedEvent } from '../../core/durable-bus.js';

/** The scaled-out bus's events in base_sys_bus_event (core/durable-bus.ts reads them back). */
export function createBusLog(handle: DbHandle): BusLog {
  const { db, kind, loose } = handle;
  return {
    async append(event, at) {
      const { seq: _seq, ...stored } = event;
      return insertReturningId(loose, kind, 'base_sys_bus_event', {
        at,
        origin: event.from.slice(0, 64),
        body: JSON.stringify(stored),
      });
    },
    async since(afterSeq, sinceAt, limit) {
      const rows = await db
        .selectFrom('base_sys_bus_event')
        .select(['id', 'at', 'body'])
        .where((eb) =>
          sinceAt === undefined ? eb('id', '>', afterSeq) : eb.or([eb('id', '>', afterSeq), eb('at', '>=', sinceAt)]),
        )
        .orderBy('id')
        .limit(limit)
        .execute();
      const events: LoggedEvent[] = [];
      for (const row of rows) {
        let event: BusEvent;
        try {
          event = JSON.parse(row.body) as BusEvent;
        } catch {
          continue;
        }
        events.push({ seq: Number(row.id), at: Number(row.at), event });
      }
      return events;
    },
    async head() {
      const row = await db
        .selectFrom('base_sys_bus_event')
        .select((eb) => eb.fn.max('id').as('head'))
        .executeTakeFirst();
      return Number(row?.head ?? 0);
    },
    async prune(beforeAt) {
      await db.deleteFrom('base_sys_bus_event').where('at', '<', beforeAt).execute();
    },
  };
}
