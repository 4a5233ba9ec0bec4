import { baseOpen } from '@backroom/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../core/context.js';
import { endpointOf, mount } from '../../../core/http/server.js';
import type { WecomService } from './wecom.service.js';

export function registerWecomRoutes(app: FastifyInstance, ctx: AppContext, wecom: WecomService) {
  mount(app, ctx.gate, endpointOf(baseOpen, 'enterpriseWeChatLoginUrl'), ({ request }) =>
    wecom.loginUrl({ ip: request.ip }),
  );
  mount(app, ctx.gate, endpointOf(baseOpen, 'enterpriseWeChatLoginAccessToken'), ({ input, request }) => {
    // The code may still be good while WeCom is down: the request log keeps neither it nor the state.
    request.loggedInput = { code: '******', state: '******' };
    return wecom.signIn(input, { ip: request.ip, userAgent: request.headers['user-agent'] });
  });
}
