import { baseNotice, NOTICE_KIND, type NoticeReceipts, withDescendants } from '@backroom/contract';
import type { Session } from '../../core/auth/principal.js';
import type { AppContext } from '../../core/context.js';
import type { Row } from '../../core/crud/crud-types.js';
import { type CrudService, createCrud } from '../../core/crud/factory.js';
import { MAIN } from '../../core/crud/query.js';
import type { Db } from '../../core/db/index.js';
import { badRequest, notFound, refused } from '../../core/errors.js';

import {
  deleteNoticeMessages,
  departmentsOfUsers,
  existingTargets,
  findNotice,
  noticeCounts,
  noticeReceipts,
  refreshNoticeMessages,
  usersOfTargets,
} from './notice.repository.js';
import { mediaBasesOf, richTextSanitizer } from './sys-param.service.js';

export type NoticeService = CrudService & {
  receipts(id: number, session: Session): Promise<NoticeReceipts>;
  /** An announcement as its recipient reads it: sanitised, whoever wrote it. */
  content(noticeId: number): Promise<{ title: string; content: string; senderName: string | null; createTime: string }>;
};

type Targets = { departmentIds: number[]; roleIds: number[]; userIds: number[] };

const EXCERPT = 140;

/** A tag that ends a block or a line: its words stand apart from the next ones. */
const BLOCK_TAG = /<\/?(?:br|p|div|li|ul|ol|h[1-6]|blockquote|pre|table|tr|td|th|section|article|hr)\b[^>]*>/gi;

/**
 * The words of rich text without its markup, cut to a line or two: the message's body. Only a
 * block's or a line's end parts words: an inline tag (bold, a link) is dropped with nothing in its
 * place, or Chinese read "请各门店于 周五晚 完成" for "于<strong>周五晚</strong>完成".
 */
export function excerptOf(html: string): string {
  const text = html
    .replace(BLOCK_TAG, ' ')
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
  return text.length > EXCERPT ? `${text.slice(0, EXCERPT)}…` : text;
}

function targetsOf(row: Row): Targets {
  const list = (v: unknown): number[] => {
    const value = typeof v === 'string' ? (JSON.parse(v) as unknown) : v;
    return Array.isArray(value) ? value.filter((x): x is number => typeof x === 'number') : [];
  };
  return { departmentIds: list(row.departmentIds), roleIds: list(row.roleIds), userIds: list(row.userIds) };
}

/** The departments whose users an operator may reach (her data scope); null: all. */
function reachOf(session: Session): ReadonlySet<number> | null {
  return session.departmentIds;
}

/**
 * Announcements: written to departments (with those below them), roles or users within the
 * sender's data scope; each recipient gets a message of kind `notice`, once (its key is the
 * announcement), stored after the announcement commits. The sender sees her own announcements
 * (a superuser all) and who read them.
 */
export function createNoticeService(ctx: AppContext): NoticeService {
  const sanitize = richTextSanitizer(mediaBasesOf(ctx.config));
  const db = () => ctx.db.db;

  ctx.messages.registerKind({
    kind: NOTICE_KIND,
    label: { 'zh-cn': '公告', 'zh-tw': '公告', en: 'Announcements' },
    optional: false,
    render: (params) => ({ title: String(params.title ?? ''), body: String(params.excerpt ?? '') }),
  });

  /** Refuses targets outside the sender's scope or unknown; answers the recipients. */
  async function recipients(trx: Db, targets: Targets, session: Session): Promise<number[]> {
    if (targets.departmentIds.length + targets.roleIds.length + targets.userIds.length === 0)
      throw badRequest('notice.noRecipients');
    const reach = reachOf(session);
    const known = await existingTargets(trx, targets.departmentIds, targets.roleIds);
    for (const id of targets.departmentIds) {
      const exists = known.departments.some((d) => d.id === id);
      if (!exists || (reach !== null && !reach.has(id))) throw refused('notice.outOfScope');
    }
    for (const id of targets.roleIds) if (!known.roleIds.has(id)) throw refused('notice.outOfScope');
    const named = await departmentsOfUsers(trx, targets.userIds);
    for (const id of targets.userIds) {
      if (!named.has(id)) throw refused('notice.outOfScope');
      const department = named.get(id) ?? null;
      if (reach !== null && (department === null || !reach.has(department))) throw refused('notice.outOfScope');
    }
    const departments = [...withDescendants(known.departments, targets.departmentIds)].filter(
      (id) => reach === null || reach.has(id),
    );
    const users = await usersOfTargets(trx, { ...targets, departmentIds: departments }, reach);
    if (users.length === 0) throw badRequest('notice.emptyAudience');
    return users;
  }

  const paramsOf = (row: Row) =>
    JSON.stringify({ title: String(row.title ?? ''), excerpt: excerptOf(String(row.content ?? '')) });

  /** What was stored for each written announcement, delivered once its transaction has committed. */
  const owed = new Map<number, { users: number[]; title: string; content: string }>();

  const crud = createCrud(ctx, baseNotice, {
    join: (qb) => qb.leftJoin('base_sys_user as su', 'su.id', `${MAIN}.senderId`).select(['su.name as senderName']),
    scope: (qb, session) => (session.isSuper ? qb : qb.where(`${MAIN}.senderId`, '=', session.userId)),
    async beforeWrite(data, _input, { session, trx, mode, existing }) {
      const merged = { ...existing, ...data };
      const content = await sanitize(String(merged.content ?? ''));
      await recipients(trx, targetsOf(merged), session);
      return { ...data, content, ...(mode === 'add' ? { senderId: session.userId } : {}) };
    },
    async afterWrite(id, _input, { trx, session, existing }) {
      const row = await trx.selectFrom('base_notice').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
      const merged = { ...existing, ...row } as Row;
      const users = await recipients(trx, targetsOf(merged), session);
      if (existing) await refreshNoticeMessages(trx, id, paramsOf(merged), users);
      owed.set(id, { users, title: String(merged.title), content: String(merged.content) });
    },
    beforeDelete: async (rows, _session, trx) =>
      deleteNoticeMessages(
        trx,
        rows.map((r) => Number(r.id)),
      ),
    async afterRead(rows) {
      const counts = await noticeCounts(
        db(),
        rows.map((r) => Number(r.id)),
      );
      return rows.map((r) => ({ ...r, ...(counts.get(Number(r.id)) ?? { recipients: 0, readCount: 0 }) }));
    },
  });

  async function deliver(ids: readonly number[]) {
    for (const id of ids) {
      const due = owed.get(id);
      owed.delete(id);
      if (!due) continue;
      await ctx.messages.notify({
        kind: NOTICE_KIND,
        userIds: due.users,
        params: { title: due.title, excerpt: excerptOf(due.content) },
        link: `/base/message?notice=${id}`,
        refId: id,
        onceKey: String(id),
      });
    }
  }

  return {
    ...crud,
    async add(input, session) {
      const result = await crud.add(input, session);
      await deliver('id' in result ? [result.id] : result.ids);
      return result;
    },
    async update(input, session) {
      await crud.update(input, session);
      await deliver([input.id]);
    },
    async receipts(id, session) {
      await crud.info(id, session);
      const rows = await noticeReceipts(db(), id);
      const stores = new Map<number | null, NoticeReceipts['stores'][number]>();
      for (const row of rows) {
        const store = stores.get(row.departmentId) ?? {
          departmentId: row.departmentId,
          name: row.departmentName ?? null,
          total: 0,
          read: 0,
        };
        store.total += 1;
        if (row.readTime) store.read += 1;
        stores.set(row.departmentId, store);
      }
      return {
        total: rows.length,
        read: rows.filter((r) => r.readTime !== null).length,
        list: rows.map((r) => ({
          userId: r.userId,
          name: r.name || r.username,
          departmentName: r.departmentName ?? null,
          readTime: r.readTime,
        })),
        stores: [...stores.values()].sort((a, b) => (a.name ?? '').localeCompare(b.name ?? '')),
      };
    },
    async content(noticeId) {
      const notice = await findNotice(db(), noticeId);
      if (!notice) throw notFound();
      return {
        title: notice.title,
        content: await sanitize(notice.content),
        senderName: notice.senderName ?? null,
        createTime: notice.createTime,
      };
    },
  };
}
