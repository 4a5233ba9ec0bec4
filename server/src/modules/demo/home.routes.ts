import { demoHome } from '@backroom/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../core/context.js';
import { mount } from '../../core/http/server.js';
import type { HomeService } from './home.service.js';

export function registerHomeRoutes(app: FastifyInstance, ctx: AppContext, home: HomeService) {
  const { api } = demoHome;
  mount(app, ctx.gate, api.summary, ({ session, input }) => home.summary(session, input));
  mount(app, ctx.gate, api.trend, ({ session, input }) => home.trend(session, input));
  mount(app, ctx.gate, api.breakdown, ({ session, input }) => home.breakdown(session, input));
}
