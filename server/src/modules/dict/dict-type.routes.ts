import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../core/context.js';
import { mountCrud } from '../../core/crud/factory.js';
import type { DictTypeService } from './dict-type.service.js';

export function registerDictTypeRoutes(app: FastifyInstance, ctx: AppContext, types: DictTypeService) {
  mountCrud(app, ctx, types);
}
