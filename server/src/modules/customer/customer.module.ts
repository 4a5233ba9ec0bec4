import { customerMenus, customerReportMenus } from '@backroom/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../core/context.js';
import { mountCrud } from '../../core/crud/factory.js';
import { menuSeed, type SysMenuService } from '../base/index.js';
import { registerActivityRoutes } from './activity.routes.js';
import { createActivityService } from './activity.service.js';
import { tellOwnerOfChanges } from './changes.js';
import { registerCustomerInfoRoutes } from './customer-info.routes.js';
import { createCustomerInfoService } from './customer-info.service.js';
import { registerCustomerKinds } from './customer-kinds.js';
import { createCustomerOverview } from './customer-overview.service.js';
import { createCustomerStats } from './customer-stats.service.js';
import { registerInvitationRoutes } from './invitation.routes.js';
import { createInvitationService } from './invitation.service.js';
import { createReminders } from './reminders.js';
import { registerReportRoutes } from './report.routes.js';
import { createReportService } from './report.service.js';
import { grantReportsSeed, invitationExportSeed } from './report-seed.js';
import { createRevealLogCrud, type RevealTarget, registerReveal } from './reveal.js';
import { addCustomerSeeds } from './seeds.js';

/**
 * Customers, their invitations and activities, and the audit of masked fields shown in clear: the
 * retail half's heart. Rows are owned by a staff user in a store (the declarations' `ownership`).
 *
 * The rules every write keeps (add, create, update, the batch calls, imports):
 * - the owner (employeeId) is the operator unless a manager of the owner's store or above names
 *   another (owner.ts); a clerk never gives rows away;
 * - the store (storeId, storeName) and the staff number (employeeNumber: the login name, the only
 *   staff number base_sys_user has) are the owner's, never the client's: the owner's department
 *   when it is a store, else its nearest ancestor that is, else (head office, regions) the owner's
 *   own department, so the scopes that cover the owner cover the row;
 * - a customer gets `C` + 8 digits, one past the highest such code, when it comes without a code;
 *   the unique index turns away a writer that lost the race, which retries with the next code;
 * - create refuses a phone number some customer in the chain has unless told `force: true`
 *   (preCreate lists them first); add and imports take it as it comes;
 * - a new owner takes all the customer's invitations and activities along; hand-over moves every
 *   customer of one clerk to another clerk of the same store in one transaction;
 * - invitations and activities belong to their customer: its owner and store (an activity
 *   without one is its recorder's), and a prize photo is a file of the file space.
 */
export async function registerCustomer(app: FastifyInstance, ctx: AppContext, base: { menus: SysMenuService }) {
  registerCustomerKinds(ctx.messages);
  createReminders(ctx);
  // The owner is told when someone else changes her customer, invitation or activity.
  const customers = tellOwnerOfChanges(ctx, createCustomerInfoService(ctx), 'customer', (r) => String(r.customerName));
  const invitations = tellOwnerOfChanges(ctx, createInvitationService(ctx, customers), 'invitation', (r) =>
    String(r.inviteTime ?? '').slice(0, 16),
  );
  const activities = tellOwnerOfChanges(ctx, createActivityService(ctx, customers), 'activity', (r) =>
    String(r.customerName ?? r.activityName ?? ''),
  );
  const overview = createCustomerOverview(customers, invitations, activities);
  // Other modules' masked fields (app users' phones) join the same audit.
  const revealTargets: RevealTarget[] = [];
  const reveals = createRevealLogCrud(ctx, { customers, activities }, revealTargets);
  registerCustomerInfoRoutes(app, ctx, customers, overview);
  registerInvitationRoutes(app, ctx, invitations);
  registerActivityRoutes(app, ctx, activities);
  registerReveal(app, ctx, { customers, activities });
  mountCrud(app, ctx, reveals);
  registerReportRoutes(app, ctx, createReportService(ctx, { customers, invitations, activities }));
  ctx.seeds.add(menuSeed(customerMenus, base.menus));
  addCustomerSeeds(ctx);
  ctx.seeds.add(menuSeed(customerReportMenus, base.menus));
  ctx.seeds.add(grantReportsSeed());
  ctx.seeds.add(invitationExportSeed());
  const stats = createCustomerStats(ctx, customers, invitations, activities);
  return {
    customers,
    invitations,
    activities,
    reveals,
    stats,
    /** Adds an entity whose reveals the audit lists (call while registering, before the first request). */
    addRevealTarget: (target: RevealTarget) => revealTargets.push(target),
  };
}
