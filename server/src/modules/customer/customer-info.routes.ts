import { customerInfo } from '@backroom/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../core/context.js';
import { mountCrud } from '../../core/crud/factory.js';
import { mount, originOf } from '../../core/http/server.js';
import type { CustomerInfoService } from './customer-info.service.js';
import type { CustomerOverview } from './customer-overview.service.js';

export function registerCustomerInfoRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  customers: CustomerInfoService,
  overview: CustomerOverview,
) {
  mountCrud(app, ctx, customers);
  const { api } = customerInfo;
  mount(app, ctx.gate, api.findPage, ({ input, session }) => customers.findPage(input, session));
  mount(app, ctx.gate, api.findAll, ({ input, session }) => customers.findAll(input, session));
  mount(app, ctx.gate, api.total, ({ input, session }) => customers.count(input, session));
  mount(app, ctx.gate, api.details, ({ input, session }) => overview.details(input.id, session));
  mount(app, ctx.gate, api.homeBaseData, ({ session }) => overview.homeBaseData(session));
  mount(app, ctx.gate, api.remove, ({ input, session }) => customers.remove(input.ids, session));
  mount(app, ctx.gate, api.batchUpdate, ({ input, session }) => customers.batchUpdate(input, session));
  mount(app, ctx.gate, api.batchDelete, (route) =>
    customers.batchDelete(route.input.ids, route.session, originOf(route)),
  );
  mount(app, ctx.gate, api.preCreate, ({ input, session }) => customers.preCreate(input, session));
  mount(app, ctx.gate, api.create, ({ input, session }) => customers.create(input, session));
  mount(app, ctx.gate, api.handOver, ({ input, session }) => customers.handOver(input, session));
}
