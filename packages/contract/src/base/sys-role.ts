import { z } from 'zod';
import { col } from '../core/columns.js';
import { defineEntity, idSchema, type RowOf } from '../core/entity.js';
import { label } from '../core/i18n.js';

/** The role label that makes a superuser: it holds every permission and every department. */
export const SUPER_ROLE_LABEL = 'admin';

export const sysRole = defineEntity({
  module: 'base',
  path: 'sys/role',
  entityName: 'BaseSysRoleEntity',
  table: 'base_sys_role',
  label: label('角色', '角色', 'Role'),
  columns: {
    userId: col.int({ label: label('创建者', '建立者', 'Creator'), nullable: true }),
    name: col.string({ label: label('名称', '名稱', 'Name'), min: 1, max: 100 }),
    label: col.string({ label: label('标识', '標識', 'Label'), min: 1, max: 50, unique: true }),
    remark: col.string({ label: label('备注', '備註', 'Remark'), nullable: true, max: 500 }),
    relevance: col.bool({ label: label('上下级关联', '上下級關聯', 'Link parents and children'), default: false }),
    // Its users enrol in two-factor sign-in before anything else works (docs/architecture.md, "Account security").
    twoFactorRequired: col.bool({
      label: label('要求两步验证', '要求兩步驟驗證', 'Requires two-factor sign-in'),
      default: false,
    }),
  },
  query: { keyWordLikeFields: ['name', 'label'] },
  writeFields: {
    menuIdList: z.array(idSchema).max(5000).optional(),
    departmentIdList: z.array(idSchema).max(5000).optional(),
  },
});

export type SysRole = RowOf<typeof sysRole.columns> & { menuIdList?: number[]; departmentIdList?: number[] };
