import { baseComm, sysSession } from '@backroom/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../core/context.js';
import { mountCrud } from '../../core/crud/factory.js';
import { endpointOf, mount } from '../../core/http/server.js';
import type { SysSessionService } from './sys-session.service.js';

/** The online sessions (an operator's) and the signed-in user's own sessions (comm). */
export function registerSysSessionRoutes(app: FastifyInstance, ctx: AppContext, sessions: SysSessionService) {
  mountCrud(app, ctx, sessions);
  mount(app, ctx.gate, endpointOf(sysSession, 'end'), ({ input, session }) => sessions.endAny(session, input.id));
  mount(app, ctx.gate, endpointOf(baseComm, 'sessions'), ({ session }) => sessions.own(session));
  mount(app, ctx.gate, endpointOf(baseComm, 'sessionEnd'), ({ input, session }) => sessions.endOwn(session, input.id));
}
