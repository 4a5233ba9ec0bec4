import { baseOpen, sysParam } from '@backroom/contract';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { AppContext } from '../../core/context.js';
import { mountCrud } from '../../core/crud/factory.js';
import { endpointOf, mount } from '../../core/http/server.js';
import type { SysParamService } from './sys-param.service.js';

/** Sanitised HTML, served so that nothing in it can run as a page of our origin. */
function sendHtml(reply: FastifyReply, html: string) {
  return reply
    .type('text/html; charset=utf-8')
    .header('content-security-policy', "default-src 'none'; img-src * data:; media-src *; style-src 'unsafe-inline'")
    .header('x-content-type-options', 'nosniff')
    .send(`<!doctype html><html><head><meta charset="utf-8"></head><body>${html}</body></html>`);
}

export function registerSysParamRoutes(app: FastifyInstance, ctx: AppContext, params: SysParamService) {
  mountCrud(app, ctx, params);
  mount(app, ctx.gate, endpointOf(sysParam, 'html'), async ({ input, reply }) =>
    sendHtml(reply, await params.html(input.key, false)),
  );
  mount(app, ctx.gate, endpointOf(baseOpen, 'html'), async ({ input, reply }) =>
    sendHtml(reply, await params.html(input.key, true)),
  );
}
