import { sysMenu } from '@backroom/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../core/context.js';
import { mountCrud } from '../../core/crud/factory.js';
import { endpointOf, mount } from '../../core/http/server.js';
import type { SysMenuService } from './sys-menu.service.js';
import type { MenuParseService } from './sys-menu-parse.service.js';

export function registerSysMenuRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  menus: SysMenuService,
  parse: MenuParseService,
) {
  mountCrud(app, ctx, menus);
  mount(app, ctx.gate, endpointOf(sysMenu, 'export'), ({ input }) => menus.exportTree(input.ids));
  mount(app, ctx.gate, endpointOf(sysMenu, 'import'), async ({ input, session }) => ({
    count: await menus.importTree(input.menus, session),
  }));
  mount(app, ctx.gate, endpointOf(sysMenu, 'parse'), ({ input }) => parse.parse(input));
  mount(app, ctx.gate, endpointOf(sysMenu, 'create'), ({ input, session }) => parse.create(input, session));
}
