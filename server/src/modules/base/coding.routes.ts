import { baseCoding } from '@backroom/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../core/context.js';
import { endpointOf, mount } from '../../core/http/server.js';
import type { CodingService } from './coding.service.js';

export function registerCodingRoutes(app: FastifyInstance, ctx: AppContext, coding: CodingService) {
  mount(app, ctx.gate, endpointOf(baseCoding, 'getModuleTree'), () => coding.moduleTree());
  mount(app, ctx.gate, endpointOf(baseCoding, 'status'), () => coding.status());
  mount(app, ctx.gate, endpointOf(baseCoding, 'preview'), ({ input }) => coding.preview(input));
  mount(app, ctx.gate, endpointOf(baseCoding, 'describe'), ({ input }) => coding.describe(input.text));
  mount(app, ctx.gate, endpointOf(baseCoding, 'createCode'), ({ input }) =>
    coding.createCode(input.spec, input.overwrite),
  );
}
