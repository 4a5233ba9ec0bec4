import type { Entity } from '@backroom/contract';
import type { Session } from '../../core/auth/principal.js';
import type { AppContext } from '../../core/context.js';
import type { CrudService } from '../../core/crud/factory.js';
import { CUSTOMER_KINDS } from './customer-kinds.js';
import { storedRow, userNameOf } from './reminders.repository.js';

type Watched = 'customer' | 'invitation' | 'activity';
type Table = 'customer_info' | 'customer_invitation_record' | 'customer_activity';

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
  return {
    ...service,
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
