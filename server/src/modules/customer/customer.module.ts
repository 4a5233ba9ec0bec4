import {
  customerActivity,
  customerInfo,
  customerInvitationRecord,
  customerMenus,
  customerRevealLog,
} from '@backroom/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../core/context.js';
import { createCrud, mountCrud } from '../../core/crud/factory.js';
import { menuSeed, type SysMenuService } from '../base/index.js';

/**
 * Customers, their invitations and activities, and the audit of masked fields shown in clear: the
 * retail half's heart. Rows are owned by a staff user in a store (the declarations' `ownership`).
 */
export async function registerCustomer(app: FastifyInstance, ctx: AppContext, base: { menus: SysMenuService }) {
  const customers = createCrud(ctx, customerInfo);
  const invitations = createCrud(ctx, customerInvitationRecord);
  const activities = createCrud(ctx, customerActivity);
  const reveals = createCrud(ctx, customerRevealLog);
  for (const service of [customers, invitations, activities, reveals]) mountCrud(app, ctx, service);
  ctx.seeds.add(menuSeed(customerMenus, base.menus));
  return { customers, invitations, activities, reveals };
}
