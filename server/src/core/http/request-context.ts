import { AsyncLocalStorage } from 'node:async_hooks';
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';

/**
 * What a write deep in a service may need to know of the request it serves without being handed
 * it: the request's id (shared by its request-log row and its audit events) and the client's
 * address. Set for the handler of every request (a preHandler hook, after the body is read, so the
 * handler and everything it awaits run inside it); a write outside any request (a scheduled task,
 * a seed) finds none.
 */
export type RequestContext = { readonly reqId: string; readonly ip: string | null };

const storage = new AsyncLocalStorage<RequestContext>();

/** The request under way, if any. */
export function currentRequest(): RequestContext | undefined {
  return storage.getStore();
}

/** Runs `fn` as if it served this request (tests, and work a request hands to another tick). */
export function runInRequest<T>(context: RequestContext, fn: () => T): T {
  return storage.run(context, fn);
}

/**
 * A request id unique across restarts and instances (Fastify's own counts from 1 in each
 * process): the time in base 36 and 40 random bits, 19 characters.
 */
export function newRequestId(): string {
  return `${Date.now().toString(36)}-${randomBytes(5).toString('hex')}`;
}

export function installRequestContext(app: FastifyInstance): void {
  app.addHook('preHandler', (request, _reply, done) => {
    storage.run({ reqId: request.id, ip: request.ip ?? null }, done);
  });
}
