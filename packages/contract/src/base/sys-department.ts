import { z } from 'zod';
import { col } from '../core/columns.js';
import { defineEntity, idSchema, type RowOf, returns } from '../core/entity.js';
import { label } from '../core/i18n.js';

/** Body of department/delete: `deleteUser` true deletes the users too, otherwise they move to the top department. */
export const departmentDeleteSchema = z.object({
  ids: z.array(idSchema).min(1).max(1000),
  deleteUser: z.boolean().optional().default(false),
});

export const sysDepartment = defineEntity({
  module: 'base',
  path: 'sys/department',
  entityName: 'BaseSysDepartmentEntity',
  table: 'base_sys_department',
  label: label('部门', '部門', 'Department'),
  standard: ['add', 'delete', 'update', 'list'],
  columns: {
    name: col.string({ label: label('部门名称', '部門名稱', 'Department name'), min: 1, max: 100 }),
    userId: col.int({ label: label('创建者', '建立者', 'Creator'), nullable: true }),
    parentId: col.int({ label: label('上级部门', '上級部門', 'Parent department'), nullable: true, index: true }),
    orderNum: col.int({ label: label('排序', '排序', 'Order'), default: 0 }),
    /** A store of the chain (regions and head office are not): customers belong to a store. */
    isStore: col.bool({ label: label('门店', '門市', 'Store'), default: false }),
  },
  joined: { parentName: { label: label('上级部门', '上級部門', 'Parent department'), type: 'string' } },
  defaultOrder: { column: 'orderNum', sort: 'asc' },
  extra: {
    order: {
      method: 'post',
      summary: label('排序', '排序', 'Sort'),
      input: z
        .array(z.object({ id: idSchema, parentId: idSchema.nullable().optional(), orderNum: z.number().int() }))
        .max(5000),
      output: returns<undefined>(),
    },
  },
  inputs: { delete: departmentDeleteSchema },
});

export type SysDepartment = RowOf<typeof sysDepartment.columns> & { parentName?: string | null };
