import { customerInvitationRecord } from '@backroom/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../core/context.js';
import { fieldLabelsOf, mountCrud } from '../../core/crud/factory.js';
import { mount } from '../../core/http/server.js';
import type { InvitationService } from './invitation.service.js';

export function registerInvitationRoutes(app: FastifyInstance, ctx: AppContext, invitations: InvitationService) {
  mountCrud(app, ctx, invitations);
  const { api } = customerInvitationRecord;
  const labels = { labels: fieldLabelsOf(customerInvitationRecord) };
  mount(app, ctx.gate, api.findPage, ({ input, session }) => invitations.findPage(input, session), labels);
  mount(app, ctx.gate, api.create, ({ input, session }) => invitations.create(input, session), labels);
}
