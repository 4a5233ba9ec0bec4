import type { Label } from '@backroom/contract';

/** A column that holds the id of a row of another (or the same) table. */
export type Reference = { column: string; table: string };

export type TableRelations = {
  references: readonly Reference[];
  /** A join table: its rows only link two others, so a link to a row that is gone is dropped, not restored. */
  link?: boolean;
  /** Name shown in messages for tables no entity declares. */
  label?: Label;
};

const relations = new Map<string, TableRelations>();

/**
 * Tells the recycle bin how a table's rows refer to others, so a restore puts parents before
 * children, refuses rows whose parent is gone, and drops join rows that would link to nothing.
 * Tables nobody registers are restored in the order they were recorded (main rows first).
 */
export function registerRecycleRelations(table: string, info: TableRelations) {
  relations.set(table, info);
}

export function relationsOf(table: string): TableRelations | undefined {
  return relations.get(table);
}

registerRecycleRelations('base_sys_user', {
  references: [{ column: 'departmentId', table: 'base_sys_department' }],
});
registerRecycleRelations('base_sys_department', {
  references: [{ column: 'parentId', table: 'base_sys_department' }],
});
registerRecycleRelations('base_sys_menu', { references: [{ column: 'parentId', table: 'base_sys_menu' }] });
registerRecycleRelations('base_sys_user_role', {
  link: true,
  label: { 'zh-cn': '用户角色', 'zh-tw': '使用者角色', en: 'User roles' },
  references: [
    { column: 'userId', table: 'base_sys_user' },
    { column: 'roleId', table: 'base_sys_role' },
  ],
});
registerRecycleRelations('base_sys_role_menu', {
  link: true,
  label: { 'zh-cn': '角色菜单', 'zh-tw': '角色選單', en: 'Role menus' },
  references: [
    { column: 'roleId', table: 'base_sys_role' },
    { column: 'menuId', table: 'base_sys_menu' },
  ],
});
registerRecycleRelations('base_sys_role_department', {
  link: true,
  label: { 'zh-cn': '角色部门', 'zh-tw': '角色部門', en: 'Role departments' },
  references: [
    { column: 'roleId', table: 'base_sys_role' },
    { column: 'departmentId', table: 'base_sys_department' },
  ],
});
