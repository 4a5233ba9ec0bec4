import { customerInfo } from '@backroom/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../core/context.js';
import { fieldLabelsOf, mountCrud } from '../../core/crud/factory.js';
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
  const labels = { labels: fieldLabelsOf(customerInfo) };
  mount(app, ctx.gate, api.findPage, ({ input, session }) => customers.findPage(input, session), labels);
  mount(app, ctx.gate, api.findAll, ({ input, session }) => customers.findAll(input, session), labels);
  mount(app, ctx.gate, api.total, ({ input, session }) => customers.count(input, session), labels);
  mount(app, ctx.gate, api.details, ({ input, session }) => overview.details(input.id, session), labels);
  mount(app, ctx.gate, api.homeBaseData, ({ session }) => overview.homeBaseData(session), labels);
  mount(app, ctx.gate, api.remove, ({ input, session }) => customers.remove(input.ids, session), labels);
  mount(app, ctx.gate, api.batchUpdate, ({ input, session }) => customers.batchUpdate(input, session), labels);
  mount(
    app,
    ctx.gate,
    api.batchDelete,
    (route) => customers.batchDelete(route.input.ids, route.session, originOf(route)),
    labels,
  );
  mount(app, ctx.gate, api.preCreate, ({ input, session }) => customers.preCreate(input, session), labels);
  mount(app, ctx.gate, api.create, ({ input, session }) => customers.create(input, session), labels);
  mount(app, ctx.gate, api.handOver, ({ input, session }) => customers.handOver(input, session), labels);
}
