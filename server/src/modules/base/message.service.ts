import { randomBytes } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import {
  type Locale,
  label,
  MESSAGE_TICKET_SECONDS,
  type Message,
  type MessagePreference,
  NOTICE_KIND,
  type PageResult,
} from '@backroom/contract';
import type { Session } from '../../core/auth/principal.js';
import type { AppContext } from '../../core/context.js';
import { formatTime } from '../../core/db/index.js';
import { notFound, unauthorized } from '../../core/errors.js';
import { alertKind, type MessageKind, type NewMessage } from '../../core/message-center.js';
import {
  countUnread,
  findOwnMessageAbout,
  holdersOf,
  insertMessages,
  type MessageFilter,
  markRead,
  pageMessages,
  prefsOf,
  type StoredMessage,
  savePrefs,
  usernamesOf,
  usersHoldingKey,
} from './message.repository.js';
import { createStreamHub, type StreamHub } from './message-stream.js';

/** Users named in one bus event: the durable bus keeps an event in 2,000 characters. */
const USERS_PER_EVENT = 150;

type Ticket = { userId: number; sid: string };

export type MessageService = {
  page(
    session: Session,
    input: MessageFilter & { page: number; size: number },
    locale: Locale,
  ): Promise<PageResult<Message>>;
  unreadCount(session: Session): Promise<{ count: number }>;
  read(session: Session, ids: readonly number[]): Promise<void>;
  readAll(session: Session): Promise<{ count: number }>;
  preferences(session: Session, locale: Locale): Promise<MessagePreference[]>;
  savePreferences(
    session: Session,
    list: readonly { kind: string; inApp: boolean; viaPlugin: boolean }[],
  ): Promise<void>;
  /** The ticket a stream is opened with: short-lived, good once, so the long-lived token never sits in a URL. */
  ticket(session: Session): Promise<{ ticket: string; expire: number }>;
  /**
   * Checks a ticket (a 401 for one used, expired or of an ended session) and answers what opens
   * the stream on the response, to be called once the route has taken the response over.
   */
  openStream(ticket: string, lastId: number | undefined, locale: Locale): Promise<(res: ServerResponse) => void>;
  /** An announcement its reader received (404 for one she did not): her message of it. */
  ownNotice(session: Session, noticeId: number): Promise<StoredMessage>;
  readonly streams: StreamHub;
};

/** The recipient's message in their language: the kind renders its title and body. */
export function renderWith(kindOf: (name: string) => MessageKind | undefined) {
  return (row: StoredMessage, locale: Locale): Message => {
    let params: Record<string, unknown> = {};
    try {
      params = JSON.parse(row.params) as Record<string, unknown>;
    } catch {
      // A row written by hand: shown with an empty text rather than refused.
    }
    const kind = kindOf(row.kind);
    const text = kind ? kind.render(params, locale) : { title: row.kind, body: '' };
    return {
      id: row.id,
      kind: row.kind,
      title: text.title,
      body: text.body,
      link: row.link,
      readTime: row.readTime,
      createTime: row.createTime,
    };
  };
}

export function createMessageService(ctx: AppContext): MessageService {
  const { db } = ctx.db;
  const render = renderWith(ctx.messages.kind);
  const streams = createStreamHub(db, render, (error) =>
    ctx.log.warn({ err: error }, 'reading messages for the open streams failed'),
  );

  // Another instance stored messages: push them to the streams open here.
  ctx.bus.subscribe((event) => {
    if (event.type === 'message' && event.from !== ctx.instanceId) streams.wake(event.userIds);
  });

  async function announce(userIds: readonly number[]) {
    streams.wake(userIds);
    for (let i = 0; i < userIds.length; i += USERS_PER_EVENT) {
      await ctx.bus.publish({ type: 'message', userIds: userIds.slice(i, i + USERS_PER_EVENT), from: ctx.instanceId });
    }
  }

  async function viaPlugin(message: NewMessage, userIds: readonly number[]) {
    if (userIds.length === 0) return;
    const kind = ctx.messages.kind(message.kind);
    if (!kind) return;
    const text = kind.render(message.params, ctx.config.seedLocale);
    const names = await usernamesOf(db, userIds);
    for (const userId of userIds) {
      ctx.plugins.notify({
        type: 'message',
        at: formatTime(),
        username: names.get(userId) ?? String(userId),
        kind: message.kind,
        title: text.title,
        body: text.body,
        link: message.link ?? null,
      });
    }
  }

  /** Stores one message for its recipients (their preferences honoured); who got it, and who asked for the robot too. */
  async function store(message: NewMessage): Promise<{ stored: number[]; robot: number[] }> {
    const kind = ctx.messages.kind(message.kind);
    if (!kind) throw new Error(`message kind ${message.kind} is not registered`);
    let userIds = [...new Set(message.userIds)];
    const prefs = new Map((await prefsOf(db, userIds, message.kind)).map((p) => [p.userId, p]));
    if (kind.optional) userIds = userIds.filter((u) => prefs.get(u)?.inApp !== false);
    const key = message.onceKey ? `${message.kind}:${message.onceKey}`.slice(0, 120) : null;
    if (key) {
      const holding = await usersHoldingKey(db, key, userIds);
      userIds = userIds.filter((u) => !holding.has(u));
    }
    if (userIds.length === 0) return { stored: [], robot: [] };
    const params = JSON.stringify(message.params);
    await db.transaction().execute((trx) =>
      insertMessages(
        trx,
        ctx.db.kind,
        userIds.map((userId) => ({
          userId,
          kind: message.kind,
          params,
          link: message.link ?? null,
          refId: message.refId ?? null,
          dedupeKey: key,
        })),
      ),
    );
    return { stored: userIds, robot: userIds.filter((u) => prefs.get(u)?.viaPlugin === true) };
  }

  async function notify(messages: NewMessage | readonly NewMessage[]): Promise<number> {
    const list: readonly NewMessage[] = Array.isArray(messages) ? messages : [messages as NewMessage];
    const reached = new Set<number>();
    let count = 0;
    for (const message of list) {
      const { stored, robot } = await store(message);
      count += stored.length;
      for (const u of stored) reached.add(u);
      await viaPlugin(message, robot).catch((error: unknown) =>
        ctx.log.warn({ err: error, kind: message.kind }, 'telling the notify plugin about a message failed'),
      );
    }
    // Stored first: a push that fails here is caught up by the streams' next read or a reconnect.
    await announce([...reached]).catch((error: unknown) =>
      ctx.log.warn({ err: error }, 'announcing stored messages on the bus failed'),
    );
    return count;
  }

  ctx.messages.install({
    notify,
    async notifyHolders(perm, message) {
      return notify({ ...message, userIds: await holdersOf(db, perm) });
    },
  });
  ctx.onDrain(() => streams.closeAll());
  ctx.onClose(() => streams.closeAll());

  return {
    streams,
    async page(session, input, locale) {
      const { rows, total } = await pageMessages(db, session.userId, input, input.page, input.size);
      return {
        list: rows.map((row) => render(row, locale)),
        pagination: { page: input.page, size: input.size, total },
      };
    },
    async unreadCount(session) {
      return { count: await countUnread(db, session.userId) };
    },
    async read(session, ids) {
      await markRead(db, session.userId, ids);
    },
    async readAll(session) {
      return { count: await markRead(db, session.userId, 'all') };
    },
    async preferences(session, locale) {
      const prefs = new Map((await prefsOf(db, [session.userId])).map((p) => [p.kind, p]));
      return ctx.messages.kinds().map((kind) => ({
        kind: kind.kind,
        label: kind.label[locale],
        optional: kind.optional,
        inApp: kind.optional ? (prefs.get(kind.kind)?.inApp ?? true) : true,
        viaPlugin: prefs.get(kind.kind)?.viaPlugin ?? false,
      }));
    },
    async savePreferences(session, list) {
      const known = list.filter((p) => ctx.messages.kind(p.kind) !== undefined);
      const kept = known.map((p) => ({
        kind: p.kind,
        // An announcement always arrives: its choice is the robot's alone.
        inApp: ctx.messages.kind(p.kind)?.optional === false ? true : p.inApp,
        viaPlugin: p.viaPlugin,
      }));
      await db.transaction().execute((trx) => savePrefs(trx, ctx.db.kind, session.userId, kept));
    },
    async ticket(session) {
      const ticket = randomBytes(24).toString('base64url');
      const value: Ticket = { userId: session.userId, sid: session.sid };
      await ctx.cache.set(`msg-ticket:${ticket}`, JSON.stringify(value), MESSAGE_TICKET_SECONDS);
      return { ticket, expire: MESSAGE_TICKET_SECONDS };
    },
    async openStream(ticket, lastId, locale) {
      const raw = await ctx.cache.take(`msg-ticket:${ticket}`);
      if (!raw) throw unauthorized('auth.invalid');
      const { userId, sid } = JSON.parse(raw) as Ticket;
      const [principal, revoked] = await Promise.all([ctx.gate.principal(userId), ctx.sessions.isRevoked(sid)]);
      if (!principal || revoked || principal.status !== 1) throw unauthorized('auth.invalid');
      // Without a cursor a stream starts at what the client last read (the page it showed): nothing older is pushed.
      const start = lastId ?? (await pageMessages(db, userId, {}, 1, 1)).rows[0]?.id ?? 0;
      return (res) => streams.open(res, userId, locale, start);
    },
    async ownNotice(session, noticeId) {
      const row = await findOwnMessageAbout(db, session.userId, NOTICE_KIND, noticeId);
      if (!row) throw notFound();
      return row;
    },
  };
}

/** The base module's admin alerts: an account under the sign-in throttle, a large export. */
export function registerBaseAlertKinds(ctx: AppContext): void {
  ctx.messages.registerKind(
    alertKind(
      'accountLocked',
      label('账号被锁定', '帳號被鎖定', 'Locked accounts'),
      label(
        '账号 {username} 因多次密码错误被锁定',
        '帳號 {username} 因多次密碼錯誤被鎖定',
        'Account {username} locked after wrong passwords',
      ),
      label('来自 {ip}', '來自 {ip}', 'From {ip}'),
    ),
  );
  ctx.messages.registerKind(
    alertKind(
      'exportLarge',
      label('大量导出', '大量匯出', 'Large exports'),
      label(
        '{username} 导出了 {rows} 行{entity}',
        '{username} 匯出了 {rows} 列{entity}',
        '{username} exported {rows} rows of {entity}',
      ),
      label('导出记录见请求日志', '匯出記錄見請求日誌', 'The request log holds the export'),
    ),
  );
}
