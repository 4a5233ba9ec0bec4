import { baseMessage, baseMessageSave, baseNotice } from '@backroom/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../core/context.js';
import { mountCrud } from '../../core/crud/factory.js';
import { endpointOf, mount } from '../../core/http/server.js';
import type { MessageService } from './message.service.js';
import type { NoticeService } from './notice.service.js';

/** The signed-in user's messages and their stream, and the announcements. */
export function registerMessageRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  messages: MessageService,
  notices: NoticeService,
) {
  const on = <A extends keyof typeof baseMessage.api & string>(action: A) => endpointOf(baseMessage, action);
  mount(app, ctx.gate, on('page'), ({ input, session, locale }) => messages.page(session, input, locale));
  mount(app, ctx.gate, on('unreadCount'), ({ session }) => messages.unreadCount(session));
  mount(app, ctx.gate, on('read'), ({ input, session }) => messages.read(session, input.ids));
  mount(app, ctx.gate, on('readAll'), ({ session }) => messages.readAll(session));
  mount(app, ctx.gate, on('preferences'), ({ session, locale }) => messages.preferences(session, locale));
  mount(app, ctx.gate, endpointOf(baseMessageSave, 'preferences'), ({ input, session }) =>
    messages.savePreferences(session, input.list),
  );
  mount(app, ctx.gate, on('ticket'), ({ session }) => messages.ticket(session));
  mount(app, ctx.gate, on('notice'), async ({ input, session }) =>
    notices.content((await messages.ownNotice(session, input.id)).refId ?? 0),
  );
  mount(
    app,
    ctx.gate,
    on('stream'),
    async ({ input, request, reply, locale }) => {
      const header = Number(request.headers['last-event-id']);
      const lastId = Number.isInteger(header) && header >= 0 ? header : input.lastEventId;
      const open = await messages.openStream(input.ticket, lastId, input.language ?? locale);
      // From here the response is the stream's: Fastify neither answers nor compresses it.
      reply.hijack();
      open(reply.raw);
      return reply;
    },
    { config: { requestLog: false } },
  );
  mountCrud(app, ctx, notices);
  mount(app, ctx.gate, endpointOf(baseNotice, 'receipts'), ({ input, session }) => notices.receipts(input.id, session));
}
