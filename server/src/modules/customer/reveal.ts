import { customerActivity, customerInfo, customerRevealLog } from '@backroom/contract';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { Session } from '../../core/auth/principal.js';
import type { AppContext } from '../../core/context.js';
import { type CrudService, createCrud } from '../../core/crud/factory.js';
import { mayRevealRow } from '../../core/crud/masking.js';
import { type AnySelect, MAIN } from '../../core/crud/query.js';
import { forbidden } from '../../core/errors.js';
import { cutValue } from '../../core/history.js';
import { endpointOf, mount } from '../../core/http/server.js';
import { insertRevealLog } from './reveal.repository.js';

/** The owned entities whose masked fields can be shown in clear, with the audit of those reveals. */
export type RevealTargets = { customers: CrudService; activities: CrudService };

/**
 * An entity whose masked fields another module lets operators show (app users' phones): its
 * reveals go to the same audit, named there by `nameColumn` of the row.
 */
export type RevealTarget = { service: CrudService; nameColumn: string };

/**
 * Shows one masked field in clear: the row must be in the operator's scope (otherwise a 404, as on
 * every path of an owned entity), and the audit row is written in the same transaction as the
 * value is read, so no value leaves without its entry. The caller's endpoint holds the permission.
 */
export async function revealField(
  ctx: AppContext,
  service: CrudService,
  input: { id: number; field: string; reason: string },
  session: Session,
): Promise<{ value: string }> {
  return ctx.db.db.transaction().execute(async (trx) => {
    const [row] = await service.touchable(trx, [input.id], session);
    // Without the reveal permission, only the owner of the row (the call's ownRows permission).
    if (row && !mayRevealRow(service.revealerFor(session), row)) throw forbidden();
    await insertRevealLog(trx, {
      userId: session.userId,
      target: service.entity.table,
      recordId: input.id,
      field: input.field,
      reason: input.reason,
    });
    // The history says who looked at which field and why; never the value.
    await ctx.history.record(trx, session, service.entity, [
      {
        recordId: input.id,
        row,
        action: 'reveal',
        changes: [
          { f: 'field', n: input.field },
          { f: 'reason', n: cutValue(input.reason) },
        ],
      },
    ]);
    const value = row?.[input.field];
    return { value: value === null || value === undefined ? '' : String(value) };
  });
}

/**
 * The audit list, with the operator's name and the customer's name of the record (a customer's
 * own; an activity's customerName). Besides its permission, it shows only entries about
 * rows the operator can see today: the reason text and the fact that someone looked are about a
 * customer, and a store's audit is no business of another store's manager. (Entries about rows
 * since deleted stay for a superuser.)
 */
export function createRevealLogCrud(
  ctx: AppContext,
  targets: RevealTargets,
  more: readonly RevealTarget[] = [],
): CrudService {
  const all: RevealTarget[] = [
    { service: targets.customers, nameColumn: 'customerName' },
    { service: targets.activities, nameColumn: 'customerName' },
  ];
  // Read when the queries are built (the first request), after every module has added its targets.
  const services = () => [...all, ...more].map((t) => t.service);
  const aboutVisibleRows = (qb: AnySelect, session: Session): AnySelect => {
    if (session.isSuper) return qb;
    return qb.where((eb) =>
      eb.or(
        services().map((service) =>
          eb.and([
            eb(`${MAIN}.target`, '=', service.entity.table),
            eb(`${MAIN}.recordId`, 'in', service.scopedQuery(session).select(`${MAIN}.id`)),
          ]),
        ),
      ),
    );
  };
  // One join per target, each only for entries about that table.
  const named = () =>
    [...all, ...more].map((t, i) => ({ alias: `r${i}`, table: t.service.entity.table, nameColumn: t.nameColumn }));
  return createCrud(ctx, customerRevealLog, {
    join: (qb) => {
      const targetsNow = named();
      let q = qb.leftJoin('base_sys_user as u', 'u.id', `${MAIN}.userId`).select('u.name as userName');
      for (const { alias, table } of targetsNow) {
        q = q.leftJoin(`${table} as ${alias}`, (join) =>
          join.onRef(`${alias}.id`, '=', `${MAIN}.recordId`).on(`${MAIN}.target`, '=', table),
        );
      }
      return q.select(
        sql<
          string | null
        >`coalesce(${sql.join(targetsNow.map(({ alias, nameColumn }) => sql.ref(`${alias}.${nameColumn}`)))})`.as(
          'recordName',
        ),
      );
    },
    joinedOrder: { userName: 'u.name' },
    scope: aboutVisibleRows,
  });
}

/** customer/info/reveal and customer/activity/reveal: `{id, field, reason}` → `{value}`. */
export function registerReveal(app: FastifyInstance, ctx: AppContext, targets: RevealTargets): void {
  mount(app, ctx.gate, endpointOf(customerInfo, 'reveal'), ({ input, session }) =>
    revealField(ctx, targets.customers, input, session),
  );
  mount(app, ctx.gate, endpointOf(customerActivity, 'reveal'), ({ input, session }) =>
    revealField(ctx, targets.activities, input, session),
  );
}
