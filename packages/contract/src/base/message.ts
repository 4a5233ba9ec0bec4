import { z } from 'zod';
import { col } from '../core/columns.js';
import { defineController, defineEntity, idSchema, idsSchema, returns } from '../core/entity.js';
import type { PageResult } from '../core/envelope.js';
import { label } from '../core/i18n.js';
import { crudPermRows, defineMenus, menuDirectory, menuPage, permRow } from '../core/menu.js';
import { defineTable } from '../core/table.js';
import { sysDepartment } from './sys-department.js';
import { sysUser } from './sys-user.js';

/**
 * The message center (docs/architecture.md, "Messages"): one row per recipient and message. The
 * text is made in the reader's language when it is read, from the kind and its parameters (the
 * module that owns the kind renders it); `dedupeKey` makes a kind's message once per recipient
 * (a reminder's day, a notice's id), whoever and however often it is made.
 */
export const baseMessageTable = defineTable({
  table: 'base_message',
  base: 'entity',
  columns: {
    userId: col.int({ label: label('接收人', '接收人', 'Recipient') }),
    kind: col.string({ label: label('类型', '類型', 'Kind'), max: 40 }),
    params: col.string({ label: label('参数', '參數', 'Parameters'), max: 4000 }),
    link: col.string({ label: label('链接', '連結', 'Link'), nullable: true, max: 500 }),
    refId: col.int({ label: label('关联编号', '關聯編號', 'About'), nullable: true, index: true }),
    dedupeKey: col.string({ label: label('去重键', '去重鍵', 'Once key'), nullable: true, max: 120 }),
    readTime: col.datetime({ label: label('阅读时间', '閱讀時間', 'Read at'), nullable: true }),
  },
  indexes: [
    { name: 'uq_base_message_once', columns: ['userId', 'dedupeKey'], unique: true },
    { name: 'idx_base_message_user_read', columns: ['userId', 'readTime'] },
  ],
});

/** Per user and kind: whether its messages arrive, and whether they also go out through the notify plugin. */
export const baseMessagePref = defineTable({
  table: 'base_message_pref',
  base: 'id',
  columns: {
    userId: col.int({ label: label('用户', '使用者', 'User') }),
    kind: col.string({ label: label('类型', '類型', 'Kind'), max: 40 }),
    inApp: col.bool({ label: label('站内接收', '站內接收', 'In the app') }),
    viaPlugin: col.bool({ label: label('机器人推送', '機器人推送', 'Via the robot') }),
  },
  indexes: [{ name: 'uq_base_message_pref', columns: ['userId', 'kind'], unique: true }],
});

/** The kind of an announcement: it always arrives (no preference turns it off). */
export const NOTICE_KIND = 'notice';

/** One message as its recipient reads it, in the request's language. */
export type Message = {
  id: number;
  kind: string;
  title: string;
  body: string;
  link: string | null;
  readTime: string | null;
  createTime: string;
};

/** A kind with the reader's choice for it. `optional` false: it always arrives (announcements). */
export type MessagePreference = {
  kind: string;
  label: string;
  optional: boolean;
  inApp: boolean;
  viaPlugin: boolean;
};

export const messagePageSchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  size: z.coerce.number().int().min(1).max(100).default(20),
  kind: z.string().trim().max(40).optional(),
  unread: z.boolean().optional(),
  keyWord: z.string().trim().max(100).optional(),
});

export const messagePreferencesSchema = z.object({
  list: z
    .array(
      z.object({
        kind: z.string().trim().min(1).max(40),
        inApp: z.boolean(),
        viaPlugin: z.boolean(),
      }),
    )
    .max(100),
});

/** The stream's query: the ticket, and where to resume (the EventSource's own header also works). */
export const messageStreamSchema = z.object({
  ticket: z.string().trim().min(16).max(100),
  lastEventId: z.coerce.number().int().min(0).optional(),
  language: z.enum(['zh-cn', 'zh-tw', 'en']).optional(),
});

/** How long a stream ticket may wait for its stream; it is good for one stream. */
export const MESSAGE_TICKET_SECONDS = 30;

/** The signed-in user's own messages: no permission beyond a session. */
export const baseMessage = defineController({
  module: 'base',
  path: 'message',
  label: label('消息', '訊息', 'Messages'),
  endpoints: {
    page: {
      method: 'post',
      auth: 'login',
      summary: label('我的消息', '我的訊息', 'My messages'),
      input: messagePageSchema,
      output: returns<PageResult<Message>>(),
    },
    unreadCount: {
      method: 'get',
      auth: 'login',
      summary: label('未读数', '未讀數', 'Unread count'),
      output: returns<{ count: number }>(),
    },
    read: {
      method: 'post',
      auth: 'login',
      summary: label('标为已读', '標為已讀', 'Mark read'),
      input: idsSchema,
      output: returns<undefined>(),
    },
    readAll: {
      method: 'post',
      auth: 'login',
      summary: label('全部已读', '全部已讀', 'Mark all read'),
      output: returns<{ count: number }>(),
    },
    preferences: {
      method: 'get',
      auth: 'login',
      summary: label('接收设置', '接收設定', 'Message settings'),
      output: returns<MessagePreference[]>(),
    },
    notice: {
      method: 'get',
      auth: 'login',
      summary: label('公告内容', '公告內容', 'Announcement'),
      // The announcement's id (its messages' link names it); only one its reader received.
      input: z.object({ id: idSchema }),
      output: returns<{ title: string; content: string; senderName: string | null; createTime: string }>(),
    },
    ticket: {
      method: 'post',
      auth: 'login',
      summary: label('消息推送凭证', '訊息推送憑證', 'Stream ticket'),
      output: returns<{ ticket: string; expire: number }>(),
    },
    stream: {
      method: 'get',
      auth: 'open',
      summary: label('消息推送（SSE）', '訊息推送（SSE）', 'Message stream (server-sent events)'),
      input: messageStreamSchema,
    },
  },
});

/** The same path saved (POST), beside its GET above: an action names one method. */
export const baseMessageSave = defineController({
  module: 'base',
  path: 'message',
  label: label('消息', '訊息', 'Messages'),
  endpoints: {
    preferences: {
      method: 'post',
      auth: 'login',
      summary: label('保存接收设置', '儲存接收設定', 'Save message settings'),
      input: messagePreferencesSchema,
      output: returns<undefined>(),
    },
  },
});

const idList = z.array(idSchema).max(500);

/**
 * Announcements (公告): written by an operator with `base:notice:add` to departments (with the
 * departments below them), roles or users within her data scope; each recipient gets it as a
 * message. `senderId` is the writer's, set by the server.
 */
export const baseNotice = defineEntity({
  module: 'base',
  path: 'notice',
  entityName: 'BaseNoticeEntity',
  table: 'base_notice',
  label: label('公告', '公告', 'Announcement'),
  columns: {
    title: col.string({ label: label('标题', '標題', 'Title'), min: 1, max: 200 }),
    content: col.text({ label: label('内容', '內容', 'Content') }),
    departmentIds: col.json(idList, { label: label('部门', '部門', 'Departments'), nullable: true }),
    roleIds: col.json(idList, { label: label('角色', '角色', 'Roles'), nullable: true }),
    userIds: col.json(idList, { label: label('用户', '使用者', 'Users'), nullable: true }),
    senderId: col.int({ label: label('发布人', '發佈人', 'Sender'), nullable: true, hidden: true, index: true }),
  },
  query: { keyWordLikeFields: ['title'] },
  joined: {
    senderName: { label: label('发布人', '發佈人', 'Sender'), type: 'string' },
    recipients: { label: label('接收人数', '接收人數', 'Recipients'), type: 'number' },
    readCount: { label: label('已读人数', '已讀人數', 'Read'), type: 'number' },
  },
  extra: {
    receipts: {
      method: 'post',
      summary: label('阅读回执', '閱讀回執', 'Read receipts'),
      input: z.object({ id: idSchema }),
      output: returns<NoticeReceipts>(),
    },
  },
});

/** Who read an announcement, when, and per store the share who did. */
export type NoticeReceipts = {
  total: number;
  read: number;
  list: { userId: number; name: string; departmentName: string | null; readTime: string | null }[];
  stores: { departmentId: number | null; name: string | null; total: number; read: number }[];
};

/**
 * The message center's pages, a seed step of their own (`menus-messages`) so existing installs
 * receive them: everyone's message list, and the announcements with their receipts.
 */
export const baseMessageMenus = defineMenus(
  'base',
  '1',
  [
    menuDirectory(
      '消息中心',
      'icon-notice',
      8,
      [
        menuPage('我的消息', '/base/message', 'modules/base/views/message.vue', 'icon-message', 1, []),
        menuPage('公告管理', '/base/notice', 'modules/base/views/notice.vue', 'icon-notice', 2, [
          // Writing one picks its audience: the departments (and users) the writer's scope lists.
          ...crudPermRows(baseNotice.perms).map((row) =>
            row.perms?.includes(baseNotice.perms.add) || row.perms?.includes(baseNotice.perms.update)
              ? { ...row, perms: [row.perms, sysDepartment.perms.list, sysUser.perms.list].join(',') }
              : row,
          ),
          permRow('阅读回执', [baseNotice.perms.receipts], 5),
        ]),
      ],
      '/message',
    ),
  ],
  'menus-messages',
);
