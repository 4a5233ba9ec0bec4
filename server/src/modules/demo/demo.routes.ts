import { demoTenant } from '@backroom/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../core/context.js';
import { mountCrud } from '../../core/crud/factory.js';
import { mount } from '../../core/http/server.js';
import type { GoodsService } from './goods.service.js';
import type { TenantDemoService } from './tenant.service.js';

export function registerDemoRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  services: { goods: GoodsService; tenant: TenantDemoService },
) {
  mountCrud(app, ctx, services.goods);
  mountCrud(app, ctx, services.tenant);
  const { api } = demoTenant;
  mount(app, ctx.gate, api.use, ({ session }) => services.tenant.use(session));
  mount(app, ctx.gate, api.noUse, ({ session }) => services.tenant.noUse(session));
  mount(app, ctx.gate, api.noTenant, () => services.tenant.noTenant());
}
