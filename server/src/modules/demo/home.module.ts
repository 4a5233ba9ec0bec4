import { demoHomeMenus, menuPages } from '@backroom/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../core/context.js';
import { menuSeed, type SysMenuService } from '../base/index.js';
import type { CustomerStats } from '../customer/index.js';
import { grantHomeToRoles } from './home.repository.js';
import { registerHomeRoutes } from './home.routes.js';
import { createHomeService } from './home.service.js';

/**
 * The home dashboard (`/`, the family's `modules/demo/views/home/index.vue`): the first page of the
 * seeded tree, given to every role, and its three calls (demo/home summary, trend, breakdown).
 * Customer figures come from the customer module; a figure another module provides (app users)
 * from `ctx.homeFigures`, while one is registered.
 */
export function registerDemoHome(
  app: FastifyInstance,
  ctx: AppContext,
  base: { menus: SysMenuService },
  sources: { customer: CustomerStats },
) {
  registerHomeRoutes(app, ctx, createHomeService(ctx, sources));
  ctx.seeds.add(menuSeed(demoHomeMenus, base.menus));
  const [home] = menuPages([...demoHomeMenus.tree]);
  if (!home?.router || !home.viewPath) throw new Error('demo: the home menu has no router or view path');
  const { router, viewPath } = home;
  ctx.seeds.add({
    module: 'demo',
    name: 'home-roles',
    when: { once: '1' },
    // Migrations run before the seeds: an install that holds the home in an earlier release's
    // spelling has it in the family's by now (20261201231000_base_restore-family-view-paths).
    run: (trx) => grantHomeToRoles(trx, router, [viewPath]),
  });
}
