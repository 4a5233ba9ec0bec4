import { customerActivity, customerInfo, customerInvitationRecord, customerMenus } from '@backroom/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../core/context.js';
import { createCrud, mountCrud } from '../../core/crud/factory.js';
import { AppError } from '../../core/errors.js';
import { mount } from '../../core/http/server.js';
import { menuSeed, type SysMenuService } from '../base/index.js';
import { createRevealLogCrud, registerReveal } from './reveal.js';
import { addCustomerSeeds } from './seeds.js';

/**
 * Customers, their invitations and activities, and the audit of masked fields shown in clear: the
 * retail half's heart. Rows are owned by a staff user in a store (the declarations' `ownership`).
 */
export async function registerCustomer(app: FastifyInstance, ctx: AppContext, base: { menus: SysMenuService }) {
  const customers = createCrud(ctx, customerInfo);
  const invitations = createCrud(ctx, customerInvitationRecord);
  const activities = createCrud(ctx, customerActivity);
  const reveals = createRevealLogCrud(ctx, { customers, activities });
  registerReveal(app, ctx, { customers, activities });
  for (const service of [customers, invitations, activities, reveals]) {
    mountCrud(app, ctx, service);
    // In progress (issue 11): the verbs beyond the standard six are mounted by their services next.
    for (const endpoint of service.entity.endpoints) {
      if ((service.entity.standard as readonly string[]).includes(endpoint.action)) continue;
      if (endpoint.action === 'reveal') continue;
      mount(app, ctx.gate, endpoint, () => {
        throw new AppError(500, 'common.internal');
      });
    }
  }
  ctx.seeds.add(menuSeed(customerMenus, base.menus));
  addCustomerSeeds(ctx);
  return { customers, invitations, activities, reveals };
}
