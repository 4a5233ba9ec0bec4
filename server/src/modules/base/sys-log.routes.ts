import { sysLog } from '@backroom/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
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
  app.addHook('onResponse', (request, reply, done) => {
    record(request, reply);
    done();
  });
  // The envelope of a refused or failed answer: its code and message, for the log's outcome.
  const answers = new WeakMap<FastifyRequest, { code: number | null; message: string | null }>();
  app.addHook('onSend', (request, reply, payload, done) => {
    answers.set(request, envelopeOf(reply.statusCode, reply.getHeader('content-type'), payload));
    done(null, payload);
  });
  // A response the client left halfway (a cancelled export download) gets no onResponse: it is
  // logged when its connection closes, so the log still says who exported what.
  app.addHook('onRequest', (request, reply, done) => {
    reply.raw.once('close', () => {
      if (!reply.raw.writableFinished) record(request, reply);
    });
    done();
  });

  /** Each request once, whichever of the two sees it first. */
  const recorded = new WeakSet<FastifyRequest>();
  function record(request: FastifyRequest, reply: FastifyReply) {
    const url = request.url;
    if (recorded.has(request)) return;
    recorded.add(request);
    // A route may keep out of the log (the balancer's health checks, server/src/health.ts).
    if (request.routeOptions.config?.requestLog === false) return;
    if (url.startsWith('/api/')) {
      const [path = '', query = ''] = url.split('?', 2);
      const get = request.method === 'GET';
      const answer = answers.get(request);
      logs.record({
        reqId: request.id,
        status: reply.statusCode,
        code: answer?.code ?? null,
        message: answer?.message ?? null,
        duration: Math.round(reply.elapsedTime),
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

/**
 * What the log keeps of an answer's envelope: a success's code (1000, for a JSON answer), and for a
 * refusal or failure (status 400 and up) its code and message as the caller read them.
 */
export function envelopeOf(
  status: number,
  contentType: unknown,
  payload: unknown,
): { code: number | null; message: string | null } {
  const json = typeof contentType === 'string' && contentType.includes('json');
  if (status < 400) return { code: json ? 1000 : null, message: null };
  if (!json || typeof payload !== 'string' || payload.length > 8192) return { code: null, message: null };
  try {
    const body = JSON.parse(payload) as { code?: unknown; message?: unknown };
    return {
      code: typeof body.code === 'number' ? body.code : null,
      message: typeof body.message === 'string' ? body.message.slice(0, 255) : null,
    };
  } catch {
    return { code: null, message: null };
  }
}
