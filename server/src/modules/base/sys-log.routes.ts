import { sysLog } from '@backroom/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../core/context.js';
import { mountCrud } from '../../core/crud/factory.js';
import { endpointOf, mount } from '../../core/http/server.js';
import type { SysLogService } from './sys-log.service.js';

export function registerSysLogRoutes(app: FastifyInstance, ctx: AppContext, logs: SysLogService) {
  mountCrud(app, ctx, logs);
  mount(app, ctx.gate, endpointOf(sysLog, 'setKeep'), ({ input }) => logs.setKeep(input.value));
  mount(app, ctx.gate, endpointOf(sysLog, 'getKeep'), () => logs.getKeep());
  mount(app, ctx.gate, endpointOf(sysLog, 'clear'), () => logs.clear());

  // Every API request is logged after it is answered, with secrets masked; the write is batched.
  app.addHook('onResponse', (request, _reply, done) => {
    const url = request.url;
    if (url.startsWith('/api/')) {
      const path = url.split('?', 1)[0] as string;
      logs.record({
        userId: request.session?.userId ?? null,
        action: path.slice(4),
        ip: request.ip ?? null,
        params: request.method === 'GET' ? request.query : request.body,
      });
    }
    done();
  });
}
