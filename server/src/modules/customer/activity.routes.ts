import { customerActivity } from '@backroom/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../core/context.js';
import { fieldLabelsOf, mountCrud } from '../../core/crud/factory.js';
import { mount } from '../../core/http/server.js';
import type { ActivityService } from './activity.service.js';

export function registerActivityRoutes(app: FastifyInstance, ctx: AppContext, activities: ActivityService) {
  mountCrud(app, ctx, activities);
  const { api } = customerActivity;
  const labels = { labels: fieldLabelsOf(customerActivity) };
  mount(app, ctx.gate, api.findPage, ({ input, session }) => activities.findPage(input, session), labels);
  mount(app, ctx.gate, api.create, ({ input, session }) => activities.create(input, session), labels);
}
