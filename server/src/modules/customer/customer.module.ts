import { customerMenus } from '@backroom/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../core/context.js';
import { mountCrud } from '../../core/crud/factory.js';
import { menuSeed, type SysMenuService } from '../base/index.js';
import { registerActivityRoutes } from './activity.routes.js';
import { createActivityService } from './activity.service.js';
import { registerCustomerInfoRoutes } from './customer-info.routes.js';
import { createCustomerInfoService } from './customer-info.service.js';
import { createCustomerOverview } from './customer-overview.service.js';
import { registerInvitationRoutes } from './invitation.routes.js';
import { createInvitationService } from './invitation.service.js';
import { createRevealLogCrud, registerReveal } from './reveal.js';
import { addCustomerSeeds } from './seeds.js';

/**
 * Customers, their invitations and activities, and the audit of masked fields shown in clear: the
 * retail half's heart. Rows are owned by a staff user in a store (the declarations' `ownership`).
 */
export async function registerCustomer(app: FastifyInstance, ctx: AppContext, base: { menus: SysMenuService }) {
  const customers = createCustomerInfoService(ctx);
  const invitations = createInvitationService(ctx, customers);
  const activities = createActivityService(ctx, customers);
  const overview = createCustomerOverview(customers, invitations, activities);
  const reveals = createRevealLogCrud(ctx, { customers, activities });
  registerCustomerInfoRoutes(app, ctx, customers, overview);
  registerInvitationRoutes(app, ctx, invitations);
  registerActivityRoutes(app, ctx, activities);
  registerReveal(app, ctx, { customers, activities });
  mountCrud(app, ctx, reveals);
  ctx.seeds.add(menuSeed(customerMenus, base.menus));
  addCustomerSeeds(ctx);
  return { customers, invitations, activities, reveals };
}
