import { sysLog } from '@backroom/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../core/context.js';
import { mountCrud } from '../../core/crud/factory.js';
import { endpointOf, mount } from '../../core/http/server.js';
import { type SysLogService, unvalidatedParams } from './sys-log.service.js';

export function registerSysLogRoutes(app: FastifyInstance, ctx: AppContext, logs: SysLogService) {
  mountCrud(app, ctx, logs);
  mount(app, ctx.gate, endpointOf(sysLog, 'setKeep'), ({ input }) => logs.setKeep(input.value));
  mount(app, ctx.gate, endpointOf(sysLog, 'getKeep'), () => logs.getKeep());
  mount(app, ctx.gate, endpointOf(sysLog, 'clear'), () => logs.clear());

  // Every API request is logged after it is answered, with its validated input masked (of any
  // other body or query only its type and size); the write is batched.
  app.addHook('onResponse', (request, _reply, done) => {
    record(request);
    done();
  });
  // A response the client left halfway (a cancelled export download) gets no onResponse: it is
  // logged when its connection closes, so the log still says who exported what.
  app.addHook('onRequest', (request, reply, done) => {
    reply.raw.once('close', () => {
      if (!reply.raw.writableFinished) record(request);
    });
    done();
  });

  /** Each request once, whichever of the two sees it first. */
  const recorded = new WeakSet<FastifyRequest>();
  function record(request: FastifyRequest) {
    const url = request.url;
    if (recorded.has(request)) return;
    recorded.add(request);
    // A route may keep out of the log (the balancer's health checks, server/src/health.ts).
    if (request.routeOptions.config?.requestLog === false) return;
    if (url.startsWith('/api/')) {
      const [path = '', query = ''] = url.split('?', 2);
      const get = request.method === 'GET';
      logs.record({
        userId: request.session?.userId ?? null,
        action: path.slice(4),
        ip: request.ip ?? null,
        params:
          request.loggedInput !== undefined
            ? request.loggedInput
            : unvalidatedParams(get ? request.query : request.body, get ? query.length : contentLength(request)),
      });
    }
  }
}

function contentLength(request: FastifyRequest): number {
  const length = Number(request.headers['content-length']);
  return Number.isSafeInteger(length) && length >= 0 ? length : 0;
}
