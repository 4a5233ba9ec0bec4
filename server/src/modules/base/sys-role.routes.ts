import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../core/context.js';
import { type CrudService, mountCrud } from '../../core/crud/factory.js';

export function registerSysRoleRoutes(app: FastifyInstance, ctx: AppContext, roles: CrudService) {
  mountCrud(app, ctx, roles);
}
