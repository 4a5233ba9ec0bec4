import type { Entity, Label, StandardAction } from '@backroom/contract';
import type { FastifyInstance } from 'fastify';
import type { Session } from '../auth/principal.js';
import type { AppContext } from '../context.js';
import { endpointOf, mount, originOf, type RouteContext } from '../http/server.js';
import type { CrudService, Row } from './crud-types.js';
import { mountExcel } from './excel.js';
import type { ListInput } from './query.js';

/** The columns' labels, for validation messages that name a field as the screen does. */
export function fieldLabelsOf(entity: Entity): Record<string, Label> {
  return Object.fromEntries(Object.entries(entity.columns).map(([name, c]) => [name, c.label]));
}

/** Mounts the entity's standard routes (those its declaration lists and the module does not mount itself). */
export function mountCrud(
  app: FastifyInstance,
  ctx: AppContext,
  service: CrudService,
  custom: readonly StandardAction[] = [],
) {
  const { entity } = service;
  const labels = fieldLabelsOf(entity);
  const handlers: Record<
    StandardAction,
    (input: never, session: Session, route: RouteContext<unknown>) => Promise<unknown>
  > = {
    page: (input: ListInput & { page: number; size: number }, s) => service.page(input, s),
    list: (input: ListInput, s) => service.list(input, s),
    info: (input: { id: number }, s) => service.info(input.id, s),
    add: (input: Row | Row[], s) => service.add(input, s),
    update: (input: Row & { id: number }, s) => service.update(input, s),
    delete: (input: { ids: number[] }, s, route) => service.delete(input.ids, s, originOf(route)),
  };
  for (const action of entity.standard) {
    if (custom.includes(action)) continue;
    const handler = handlers[action] as (
      input: unknown,
      session: Session,
      route: RouteContext<unknown>,
    ) => Promise<unknown>;
    mount(app, ctx.gate, endpointOf(entity, action), (route) => handler(route.input, route.session, route), {
      labels,
    });
  }
  // An entity that declares `excel` gets export and import by saying so.
  if (entity.excel) mountExcel(app, ctx, service);
}
