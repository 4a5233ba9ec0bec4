import { sysUser } from '@backroom/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../core/context.js';
import { mountCrud } from '../../core/crud/factory.js';
import { endpointOf, mount } from '../../core/http/server.js';
import type { SysUserService } from './sys-user.service.js';

export function registerSysUserRoutes(app: FastifyInstance, ctx: AppContext, users: SysUserService) {
  mountCrud(app, ctx, users);
  mount(app, ctx.gate, endpointOf(sysUser, 'move'), ({ input, session }) => users.move(input, session));
  mount(app, ctx.gate, endpointOf(sysUser, 'locks'), ({ session }) => users.locks(session));
  mount(app, ctx.gate, endpointOf(sysUser, 'unlock'), ({ input, session }) => users.unlock(input.id, session));
  mount(app, ctx.gate, endpointOf(sysUser, 'resetTwoFactor'), ({ input, session }) =>
    users.resetTwoFactor(input.id, session),
  );
}
