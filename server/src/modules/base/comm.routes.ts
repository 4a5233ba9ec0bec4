import { baseComm } from '@backroom/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../core/context.js';
import { endpointOf, mount } from '../../core/http/server.js';
import type { createCommService } from './comm.service.js';

export function registerCommRoutes(app: FastifyInstance, ctx: AppContext, comm: ReturnType<typeof createCommService>) {
  mount(app, ctx.gate, endpointOf(baseComm, 'person'), ({ session }) => comm.person(session));
  mount(app, ctx.gate, endpointOf(baseComm, 'personUpdate'), ({ input, session }) => comm.personUpdate(session, input));
  mount(app, ctx.gate, endpointOf(baseComm, 'permmenu'), ({ session }) => comm.permmenu(session));
  mount(app, ctx.gate, endpointOf(baseComm, 'logout'), ({ session }) => comm.logout(session));
  mount(app, ctx.gate, endpointOf(baseComm, 'passwordPolicy'), () => comm.passwordPolicy());
  mount(app, ctx.gate, endpointOf(baseComm, 'twoFactorSetup'), ({ session }) => comm.twoFactorSetup(session));
  mount(app, ctx.gate, endpointOf(baseComm, 'twoFactorEnable'), ({ input, session }) =>
    comm.twoFactorEnable(session, input.code),
  );
  mount(app, ctx.gate, endpointOf(baseComm, 'twoFactorDisable'), ({ input, session, request }) =>
    comm.twoFactorDisable(session, input, { ip: request.ip }),
  );
  mount(app, ctx.gate, endpointOf(baseComm, 'passwordChange'), ({ input, session, request }) =>
    comm.passwordChange(session, input, { ip: request.ip, userAgent: request.headers['user-agent'] }),
  );
  // program (the app clients' start-up settings) is the user module's.
}
