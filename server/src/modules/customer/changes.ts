import type { Entity } from '@backroom/contract';
import type { Session } from '../../core/auth/principal.js';
import type { AppContext } from '../../core/context.js';
import type { CrudService } from '../../core/crud/factory.js';
import { CUSTOMER_KINDS } from './customer-kinds.js';
import { storedRow, storedRows, userNameOf } from './reminders.repository.js';

type Watched = 'customer' | 'invitation' | 'activity';
type Table = 'customer_info' | 'customer_invitation_record' | 'customer_activity';

/** How many records a batch's message names (it counts them all). */
const BATCH_NAMES = 10;

const NEVER_TOLD = new Set(['updateTime', 'createTime', 'id']);

/** The declared, shown columns whose stored value differs between the two rows. */
export function changedColumns(entity: Entity, before: Record<string, unknown>, after: Record<string, unknown>) {
  const same = (a: unknown, b: unknown) => (a ?? null) === (b ?? null) || String(a ?? '') === String(b ?? '');
  return Object.entries(entity.columns)
    .filter(([name, column]) => !column.hidden && !NEVER_TOLD.has(name) && !same(before[name], after[name]))
    .map(([name]) => name);
}

/**
 * Wraps a service's update so that the owner of the row is told when someone else changed it: who,
 * which record, which fields (their labels; never a value, masked or not). The fields are
 * compared here, before and after the write, as no history exists yet to read them from.
 */
export function tellOwnerOfChanges<S extends CrudService>(
  ctx: AppContext,
  service: S,
  watched: Watched,
  nameOf: (row: Record<string, unknown>) => string,
): S {
  const entity = service.entity;
  const table = entity.table as Table;
  const batch = (service as { batchUpdate?: unknown }).batchUpdate;
  const tellBatch = async (before: Record<string, unknown>[], session: Session) => {
    const byOwner = new Map<number, { names: string[]; count: number; fields: Set<string> }>();
    const after = new Map(
      (
        await storedRows(
          ctx.db.db,
          table,
          before.map((r) => Number(r.id)),
        )
      ).map((r) => [Number(r.id), r]),
    );
    for (const row of before) {
      const owner = row.employeeId;
      const now = after.get(Number(row.id));
      if (typeof owner !== 'number' || owner === session.userId || !now) continue;
      const fields = changedColumns(entity, row, now);
      if (fields.length === 0) continue;
      const told = byOwner.get(owner) ?? { names: [], count: 0, fields: new Set<string>() };
      told.count += 1;
      if (told.names.length < BATCH_NAMES) told.names.push(nameOf(now));
      for (const f of fields) told.fields.add(f);
      byOwner.set(owner, told);
    }
    if (byOwner.size === 0) return;
    const by = await userNameOf(ctx.db.db, session.userId);
    for (const [owner, told] of byOwner) {
      await ctx.messages
        .notify({
          kind: CUSTOMER_KINDS.customerChanged,
          userIds: [owner],
          params: {
            by,
            entity: watched,
            count: told.count,
            records: told.names,
            fields: [...told.fields].map((f) => entity.columns[f]?.label),
          },
          link: `/customer/${watched === 'customer' ? 'info' : watched}?employeeId=${owner}`,
        })
        .catch((error: unknown) => ctx.log.warn({ err: error }, 'telling an owner of a change failed'));
    }
  };
  return {
    ...service,
    ...(typeof batch === 'function'
      ? {
          // A batch tells each owner once, counting her records and the fields changed.
          async batchUpdate(input: { ids: number[] }, session: Session) {
            const before = await storedRows(ctx.db.db, table, input.ids);
            const result = await batch.call(service, input, session);
            await tellBatch(before, session);
            return result;
          },
        }
      : {}),
    // An import's updates, once committed: each owner told once, as for a batch.
    async imported(previous: readonly Record<string, unknown>[], session: Session) {
      await service.imported?.(previous, session);
      await tellBatch([...previous], session);
    },
    async update(input: Record<string, unknown> & { id: number }, session: Session) {
      const before = await storedRow(ctx.db.db, table, input.id);
      await service.update(input, session);
      const owner = before?.employeeId;
      if (!before || typeof owner !== 'number' || owner === session.userId) return;
      const after = await storedRow(ctx.db.db, table, input.id);
      if (!after) return;
      const fields = changedColumns(entity, before, after);
      if (fields.length === 0) return;
      await ctx.messages
        .notify({
          kind: CUSTOMER_KINDS.customerChanged,
          userIds: [owner],
          params: {
            by: await userNameOf(ctx.db.db, session.userId),
            entity: watched,
            record: nameOf(after),
            fields: fields.map((f) => entity.columns[f]?.label),
          },
          link: `/customer/${watched === 'customer' ? 'info' : watched}?id=${input.id}`,
        })
        .catch((error: unknown) => ctx.log.warn({ err: error }, 'telling an owner of a change failed'));
    },
  };
}
