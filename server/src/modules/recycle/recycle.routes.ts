import { recycleData } from '@backroom/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../core/context.js';
import { mountCrud } from '../../core/crud/factory.js';
import { endpointOf, mount } from '../../core/http/server.js';
import type { RecycleService } from './recycle.service.js';

export function registerRecycleRoutes(app: FastifyInstance, ctx: AppContext, recycle: RecycleService) {
  mountCrud(app, ctx, recycle);
  mount(app, ctx.gate, endpointOf(recycleData, 'restore'), ({ input, session }) => recycle.restore(input.ids, session));
}
