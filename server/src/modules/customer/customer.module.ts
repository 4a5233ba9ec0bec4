import { customerActivity, customerInfo, customerMenus, customerRevealLog } from '@backroom/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../core/context.js';
import { createCrud, mountCrud } from '../../core/crud/factory.js';
import { AppError } from '../../core/errors.js';
import { mount } from '../../core/http/server.js';
import { menuSeed, type SysMenuService } from '../base/index.js';
import { registerActivityRoutes } from './activity.routes.js';
import { createActivityService } from './activity.service.js';
import { registerCustomerInfoRoutes } from './customer-info.routes.js';
import { createCustomerInfoService } from './customer-info.service.js';
import { createCustomerOverview } from './customer-overview.service.js';
import { registerInvitationRoutes } from './invitation.routes.js';
import { createInvitationService } from './invitation.service.js';

/**
 * Customers, their invitations and activities, and the audit of masked fields shown in clear: the
 * retail half's heart. Rows are owned by a staff user in a store (the declarations' `ownership`).
 */
export async function registerCustomer(app: FastifyInstance, ctx: AppContext, base: { menus: SysMenuService }) {
  const customers = createCustomerInfoService(ctx);
  const invitations = createInvitationService(ctx, customers);
  const activities = createActivityService(ctx, customers);
  const overview = createCustomerOverview(customers, invitations, activities);
  const reveals = createCrud(ctx, customerRevealLog);
  registerCustomerInfoRoutes(app, ctx, customers, overview);
  registerInvitationRoutes(app, ctx, invitations);
  registerActivityRoutes(app, ctx, activities);
  mountCrud(app, ctx, reveals);
  mountRevealPending(app, ctx);
  ctx.seeds.add(menuSeed(customerMenus, base.menus));
  return { customers, invitations, activities, reveals };
}

/**
 * Showing a masked field in clear (customer/info/reveal, customer/activity/reveal) answers an error
 * until its service lands: registerReveal(app, ctx, { customers, activities, reveals }) takes this
 * call's place.
 */
function mountRevealPending(app: FastifyInstance, ctx: AppContext) {
  for (const endpoint of [customerInfo.api.reveal, customerActivity.api.reveal]) {
    mount(app, ctx.gate, endpoint, () => {
      throw new AppError(500, 'common.internal');
    });
  }
}
