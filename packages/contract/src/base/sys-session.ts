import { z } from 'zod';
import { col } from '../core/columns.js';
import { defineEntity, idSchema, type RowOf, returns } from '../core/entity.js';
import { label } from '../core/i18n.js';

/** Why a session ended (docs/architecture.md, "Sessions"). */
export const SESSION_END_REASONS = [
  'logout',
  'ended',
  'forced',
  'limit',
  'password',
  'disabled',
  'replayed',
  'expired',
  'idle',
] as const;
export type SessionEndReason = (typeof SESSION_END_REASONS)[number];

/** The parameter (base/sys/param) holding how many sessions one user may have at once; 0 means no limit. */
export const SESSION_LIMIT_PARAM = 'sessionLimit';

/**
 * One sign-in: the device and browser it came from, while it lasts. A refresh keeps the session;
 * ending it revokes its tokens on every instance.
 */
export const sysSession = defineEntity({
  module: 'base',
  path: 'sys/session',
  entityName: 'BaseSysSessionEntity',
  table: 'base_sys_session',
  label: label('在线会话', '線上會話', 'Online session'),
  standard: ['page'],
  columns: {
    sid: col.string({ label: label('会话标识', '會話標識', 'Session id'), max: 64, unique: true }),
    userId: col.int({ label: label('用户', '使用者', 'User'), index: true }),
    device: col.string({ label: label('设备', '裝置', 'Device'), nullable: true, max: 64 }),
    browser: col.string({ label: label('浏览器', '瀏覽器', 'Browser'), nullable: true, max: 64 }),
    ip: col.string({ label: label('IP', 'IP', 'IP'), nullable: true, max: 64 }),
    lastSeen: col.datetime({ label: label('最近活动', '最近活動', 'Last seen') }),
    expireAt: col.bigint({ label: label('过期时间', '過期時間', 'Expires at') }),
    endTime: col.datetime({ label: label('结束时间', '結束時間', 'Ended at'), nullable: true, index: true }),
    endedBy: col.int({ label: label('结束者', '結束者', 'Ended by'), nullable: true }),
    reason: col.stringEnum(SESSION_END_REASONS, {
      label: label('结束原因', '結束原因', 'Reason'),
      nullable: true,
      valueLabels: {
        logout: label('退出登录', '登出', 'Signed out'),
        ended: label('本人结束', '本人結束', 'Ended by the user'),
        forced: label('强制下线', '強制下線', 'Forced logout'),
        limit: label('超出会话数上限', '超出會話數上限', 'Over the session limit'),
        password: label('密码已修改', '密碼已修改', 'Password changed'),
        disabled: label('账号已停用', '帳號已停用', 'Account disabled'),
        replayed: label('刷新令牌被重复使用', '重新整理權杖被重複使用', 'Refresh token reused'),
        expired: label('已过期', '已過期', 'Expired'),
        idle: label('长时间未操作', '長時間未操作', 'Idle too long'),
      },
    }),
  },
  query: { keyWordLikeFields: ['ip', 'device', 'browser'], fieldEq: ['userId'] },
  joined: {
    name: { label: label('姓名', '姓名', 'Name'), type: 'string' },
    username: { label: label('用户名', '使用者名稱', 'Username'), type: 'string' },
  },
  extra: {
    end: {
      method: 'post',
      summary: label('强制下线', '強制下線', 'Force logout'),
      input: z.object({ id: idSchema }),
      output: returns<undefined>(),
    },
  },
});

export type SysSession = RowOf<typeof sysSession.columns> & { name?: string | null; username?: string | null };

/** A session as its own user sees it in the personal center. */
export type OwnSession = Pick<SysSession, 'id' | 'device' | 'browser' | 'ip' | 'createTime' | 'lastSeen'> & {
  /** The session of the token that asked. */
  current: boolean;
};
