import { baseOpen, type Declaration, type Eps, parseLocale } from '@backroom/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../core/context.js';
import { buildEps } from '../../core/eps.js';
import { endpointOf, mount } from '../../core/http/server.js';
import type { createOpenService } from './open.service.js';

export function registerOpenRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  open: ReturnType<typeof createOpenService>,
  declarations: readonly Declaration[],
) {
  mount(app, ctx.gate, endpointOf(baseOpen, 'captcha'), ({ input, request }) => open.captcha(input, request.ip));
  mount(app, ctx.gate, endpointOf(baseOpen, 'loginOptions'), ({ input }) => open.loginOptions(input.username));
  mount(app, ctx.gate, endpointOf(baseOpen, 'login'), ({ input, request }) => open.login(input, request.ip));
  mount(app, ctx.gate, endpointOf(baseOpen, 'refreshToken'), ({ input }) => open.refresh(input.refreshToken));
  const eps = new Map<string, Eps>();
  mount(app, ctx.gate, endpointOf(baseOpen, 'eps'), ({ locale }) => {
    const key = parseLocale(locale);
    const built = eps.get(key) ?? buildEps(declarations, key);
    eps.set(key, built);
    return built;
  });
}
