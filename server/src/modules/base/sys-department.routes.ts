import { sysDepartment } from '@backroom/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../core/context.js';
import { mountCrud } from '../../core/crud/factory.js';
import { endpointOf, mount, originOf } from '../../core/http/server.js';
import type { SysDepartmentService } from './sys-department.service.js';

export function registerSysDepartmentRoutes(app: FastifyInstance, ctx: AppContext, departments: SysDepartmentService) {
  mountCrud(app, ctx, departments, ['delete']);
  mount(app, ctx.gate, endpointOf(sysDepartment, 'delete'), (route) =>
    departments.remove(route.input, route.session, originOf(route)),
  );
  mount(app, ctx.gate, endpointOf(sysDepartment, 'order'), ({ input, session }) => departments.order(input, session));
}
