import { customerActivity, customerInfo, customerRevealLog } from '@backroom/contract';
import type { FastifyInstance } from 'fastify';
import type { Session } from '../../core/auth/principal.js';
import type { AppContext } from '../../core/context.js';
import { type CrudService, createCrud } from '../../core/crud/factory.js';
import { type AnySelect, MAIN } from '../../core/crud/query.js';
import { endpointOf, mount } from '../../core/http/server.js';
import { insertRevealLog } from './reveal.repository.js';

/** The owned entities whose masked fields can be shown in clear, with the audit of those reveals. */
export type RevealTargets = { customers: CrudService; activities: CrudService };

/**
 * Shows one masked field in clear: the row must be in the operator's scope (otherwise refused, as
 * every path of an owned entity), and the audit row is written in the same transaction as the
 * value is read, so no value leaves without its entry.
 */
async function reveal(
  ctx: AppContext,
  service: CrudService,
  input: { id: number; field: string; reason: string },
  session: Session,
): Promise<{ value: string }> {
  return ctx.db.db.transaction().execute(async (trx) => {
    const [row] = await service.touchable(trx, [input.id], session);
    await insertRevealLog(trx, {
      userId: session.userId,
      target: service.entity.table,
      recordId: input.id,
      field: input.field,
      reason: input.reason,
    });
    const value = row?.[input.field];
    return { value: value === null || value === undefined ? '' : String(value) };
  });
}

/**
 * The audit list, with the operator's name. Besides its permission, it shows only entries about
 * rows the operator can see today: the reason text and the fact that someone looked are about a
 * customer, and a store's audit is no business of another store's manager. (Entries about rows
 * since deleted stay for a superuser.)
 */
export function createRevealLogCrud(ctx: AppContext, targets: RevealTargets): CrudService {
  const services = [targets.customers, targets.activities];
  const aboutVisibleRows = (qb: AnySelect, session: Session): AnySelect => {
    if (session.isSuper) return qb;
    return qb.where((eb) =>
      eb.or(
        services.map((service) =>
          eb.and([
            eb(`${MAIN}.target`, '=', service.entity.table),
            eb(`${MAIN}.recordId`, 'in', service.scopedQuery(session).select(`${MAIN}.id`)),
          ]),
        ),
      ),
    );
  };
  return createCrud(ctx, customerRevealLog, {
    join: (qb) => qb.leftJoin('base_sys_user as u', 'u.id', `${MAIN}.userId`).select('u.name as userName'),
    joinedOrder: { userName: 'u.name' },
    scope: aboutVisibleRows,
  });
}

/** customer/info/reveal and customer/activity/reveal: `{id, field, reason}` → `{value}`. */
export function registerReveal(app: FastifyInstance, ctx: AppContext, targets: RevealTargets): void {
  mount(app, ctx.gate, endpointOf(customerInfo, 'reveal'), ({ input, session }) =>
    reveal(ctx, targets.customers, input, session),
  );
  mount(app, ctx.gate, endpointOf(customerActivity, 'reveal'), ({ input, session }) =>
    reveal(ctx, targets.activities, input, session),
  );
}
