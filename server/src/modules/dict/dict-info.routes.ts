import { dictInfo } from '@backroom/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../core/context.js';
import { mountCrud } from '../../core/crud/factory.js';
import { endpointOf, mount } from '../../core/http/server.js';
import type { DictInfoService } from './dict-info.service.js';

export function registerDictInfoRoutes(app: FastifyInstance, ctx: AppContext, items: DictInfoService) {
  mountCrud(app, ctx, items);
  // No token (docs/spec.md §6 ignoreToken): the family's clients read the types before anyone signs in.
  mount(app, ctx.gate, endpointOf(dictInfo, 'types'), () => items.types());
  // Any signed-in user: every screen that labels a value with a dictionary needs it (docs/architecture.md §7).
  mount(app, ctx.gate, endpointOf(dictInfo, 'data'), ({ input, locale }) => items.data(input.types, locale));
}
