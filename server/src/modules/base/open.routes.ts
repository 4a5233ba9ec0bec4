import { appBaseComm, baseOpen, type Declaration, type Eps, parseLocale } from '@backroom/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../core/context.js';
import { buildEps } from '../../core/eps.js';
import { isFromThisMachine } from '../../core/http/client-address.js';
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
  mount(app, ctx.gate, endpointOf(baseOpen, 'login'), ({ input, request }) =>
    open.login(input, {
      ip: request.ip,
      userAgent: request.headers['user-agent'],
      onThisMachine: isFromThisMachine(request.raw),
    }),
  );
  mount(app, ctx.gate, endpointOf(baseOpen, 'refreshToken'), ({ input }) => open.refresh(input.refreshToken));
  // Built once per audience and language: the declarations do not change while the server runs.
  const eps = new Map<string, Eps>();
  const epsOf = (audience: 'admin' | 'app', locale: string | undefined) => {
    const language = parseLocale(locale);
    const key = `${audience}:${language}`;
    const built = eps.get(key) ?? buildEps(declarations, language, audience);
    eps.set(key, built);
    return built;
  };
  mount(app, ctx.gate, endpointOf(baseOpen, 'eps'), ({ locale }) => epsOf('admin', locale));
  mount(app, ctx.gate, endpointOf(appBaseComm, 'eps'), ({ locale }) => epsOf('app', locale));
}
