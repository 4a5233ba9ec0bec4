import { z } from 'zod';
import { defineController, idSchema, returns } from '../core/entity.js';
import { PASSWORD_MAX, PASSWORD_MIN } from '../core/envelope.js';
import { label } from '../core/i18n.js';
import type { UploadMode } from '../space/file-types.js';
import type { SysMenu } from './sys-menu.js';
import type { OwnSession } from './sys-session.js';
import type { SysUser } from './sys-user.js';

/** What permmenu answers: the user's permissions and the menus they may open, by orderNum. */
export type PermMenu = { perms: string[]; menus: SysMenu[] };

export const personUpdateSchema = z.object({
  nickName: z.string().trim().min(1).max(100),
  name: z.string().max(100).nullable().optional(),
  headImg: z.string().max(500).nullable().optional(),
  phone: z.string().max(20).nullable().optional(),
  email: z.string().max(100).nullable().optional(),
  password: z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    z.string().min(PASSWORD_MIN).max(PASSWORD_MAX).optional(),
  ),
  originalPassword: z.preprocess((v) => (v === '' || v === null ? undefined : v), z.string().max(200).optional()),
});

/** Calls every signed-in staff member may make: no permission beyond a valid session. */
export const baseComm = defineController({
  module: 'base',
  path: 'comm',
  label: label('通用', '通用', 'Common'),
  endpoints: {
    personUpdate: {
      method: 'post',
      auth: 'login',
      summary: label('修改个人信息', '修改個人資訊', 'Update profile'),
      input: personUpdateSchema,
      output: returns<undefined>(),
    },
    permmenu: {
      method: 'get',
      auth: 'login',
      summary: label('权限与菜单', '權限與選單', 'Permissions and menus'),
      output: returns<PermMenu>(),
    },
    person: {
      method: 'get',
      auth: 'login',
      summary: label('个人信息', '個人資訊', 'Profile'),
      output: returns<SysUser>(),
    },
    logout: { method: 'post', auth: 'login', summary: label('退出', '登出', 'Log out'), output: returns<undefined>() },
    sessions: {
      method: 'get',
      auth: 'login',
      summary: label('我的会话', '我的會話', 'My sessions'),
      output: returns<OwnSession[]>(),
    },
    sessionEnd: {
      method: 'post',
      auth: 'login',
      summary: label('结束我的会话', '結束我的會話', 'End one of my sessions'),
      input: z.object({ id: idSchema }),
      output: returns<undefined>(),
    },
    // The space module serves these two (multipart `file`, optional `key`; see space/file-types.ts).
    uploadMode: {
      method: 'get',
      auth: 'login',
      summary: label('文件上传模式', '檔案上傳模式', 'Upload mode'),
      output: returns<UploadMode>(),
    },
    // One file answers its address; several, their addresses in order.
    upload: {
      method: 'post',
      auth: 'login',
      summary: label('文件上传', '檔案上傳', 'Upload a file'),
      output: returns<string | string[]>(),
    },
    program: { method: 'get', auth: 'open', summary: label('编程', '程式', 'Program') },
  },
});
