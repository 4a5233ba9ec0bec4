import { baseOpen, sysParam } from '@backroom/contract';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { AppContext } from '../../core/context.js';
import { mountCrud } from '../../core/crud/factory.js';
import { endpointOf, mount } from '../../core/http/server.js';
import { mediaBasesOf, type SysParamService } from './sys-param.service.js';

/**
 * The policy a rich-text page is served under: a sandbox (an opaque origin, no script, form or
 * same-origin access; a link may still open a tab), inline styles only, and images and video from
 * our own file storage only.
 */
export function richTextPolicy(mediaBases: readonly string[]): string {
  const media = ["'self'", ...new Set(mediaBases.map((base) => new URL(base).origin))].join(' ');
  return [
    "default-src 'none'",
    `img-src ${media}`,
    `media-src ${media}`,
    "style-src 'unsafe-inline'",
    "base-uri 'none'",
    "form-action 'none'",
    'sandbox allow-popups allow-popups-to-escape-sandbox',
  ].join('; ');
}

/** Sanitised HTML, served so that nothing in it can run as a page of our origin. */
function sendHtml(reply: FastifyReply, html: string, policy: string) {
  return reply
    .type('text/html; charset=utf-8')
    .header('content-security-policy', policy)
    .header('x-content-type-options', 'nosniff')
    .send(
      `<!doctype html><html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"></head><body>${html}</body></html>`,
    );
}

export function registerSysParamRoutes(app: FastifyInstance, ctx: AppContext, params: SysParamService) {
  mountCrud(app, ctx, params);
  const policy = richTextPolicy(mediaBasesOf(ctx.config));
  mount(app, ctx.gate, endpointOf(sysParam, 'html'), async ({ input, reply }) =>
    sendHtml(reply, await params.html(input.key, false), policy),
  );
  mount(app, ctx.gate, endpointOf(baseOpen, 'html'), async ({ input, reply }) =>
    sendHtml(reply, await params.html(input.key, true), policy),
  );
}
