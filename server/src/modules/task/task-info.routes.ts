import { taskInfo } from '@backroom/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../core/context.js';
import { mountCrud } from '../../core/crud/factory.js';
import { endpointOf, mount } from '../../core/http/server.js';
import type { TaskInfoService } from './task-info.service.js';

export function registerTaskInfoRoutes(app: FastifyInstance, ctx: AppContext, tasks: TaskInfoService) {
  mountCrud(app, ctx, tasks);
  mount(app, ctx.gate, endpointOf(taskInfo, 'start'), ({ input, session }) => tasks.start(input.id, session));
  mount(app, ctx.gate, endpointOf(taskInfo, 'stop'), ({ input, session }) => tasks.stop(input.id, session));
  mount(app, ctx.gate, endpointOf(taskInfo, 'once'), ({ input, session }) => tasks.once(input.id, session));
  mount(app, ctx.gate, endpointOf(taskInfo, 'log'), ({ input }) => tasks.log(input));
  mount(app, ctx.gate, endpointOf(taskInfo, 'handlers'), () => tasks.handlers());
}
