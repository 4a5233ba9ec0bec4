import type { Api } from './app.js';
import { unique } from './app.js';

/*
 * A store of the chain with its staff, made through the API for one test: a store department,
 * roles holding the menus that grant the given permissions, and users of a level in the store.
 */

type Department = { id: number; name: string; parentId: number | null };
type Menu = { id: number; type: number; perms: string | null };

/** What a clerk does all day (as the starter chain's clerk role). */
export const CLERK_PERMS = [
  'customer:info:page',
  'customer:info:list',
  'customer:info:info',
  'customer:info:findPage',
  'customer:info:findAll',
  'customer:info:details',
  'customer:info:total',
  'customer:info:homeBaseData',
  'customer:info:add',
  'customer:info:create',
  'customer:info:preCreate',
  'customer:info:update',
  'customer:info:batchUpdate',
  'customer:info:remove',
  'customer:invitationRecord:page',
  'customer:invitationRecord:list',
  'customer:invitationRecord:info',
  'customer:invitationRecord:findPage',
  'customer:invitationRecord:add',
  'customer:invitationRecord:create',
  'customer:invitationRecord:update',
  'customer:activity:page',
  'customer:activity:list',
  'customer:activity:info',
  'customer:activity:findPage',
  'customer:activity:create',
  'customer:activity:update',
  // The file picker (prize photos), over their own files.
  'space:info:page',
  'space:info:list',
  'space:info:info',
  'space:info:add',
  'space:type:list',
  'space:type:add',
];

/** A store manager: the clerk's work over the store, deletes, hand-over, reveals and the store's staff. */
export const MANAGER_PERMS = [
  ...CLERK_PERMS,
  'customer:info:delete',
  'customer:info:batchDelete',
  'customer:info:handOver',
  'customer:info:reveal',
  'customer:invitationRecord:delete',
  'customer:activity:delete',
  'customer:activity:reveal',
  'customer:revealLog:page',
  'base:sys:user:page',
  'base:sys:user:list',
  'base:sys:user:info',
];

export type Staff = { id: number; username: string; password: string; name: string };

/** A new store (a department marked as a store) under the top department; its id. */
export async function addStore(admin: Api, name = unique('E2E store ')): Promise<{ id: number; name: string }> {
  const departments = await admin.post<Department[]>('/admin/base/sys/department/list');
  const top = departments.find((d) => d.parentId === null);
  const { id } = await admin.post<{ id: number }>('/admin/base/sys/department/add', {
    name,
    parentId: top?.id ?? null,
    isStore: true,
  });
  return { id, name };
}

/** A role holding the menu rows whose permissions all lie within `perms`, with data permission over `departments`. */
export async function addRole(admin: Api, perms: readonly string[], departments: number[] = []): Promise<number> {
  const wanted = new Set(perms);
  const menus = await admin.post<Menu[]>('/admin/base/sys/menu/list');
  const menuIdList = menus
    .filter((m) => {
      const own = (m.perms ?? '').split(',').filter(Boolean);
      return own.length > 0 && own.every((p) => wanted.has(p));
    })
    .map((m) => m.id);
  const { id } = await admin.post<{ id: number }>('/admin/base/sys/role/add', {
    name: unique('E2E role '),
    label: unique('e2e-role-'),
    menuIdList,
    departmentIdList: departments,
  });
  return id;
}

/** A member of a store's staff with the role and level given. */
export async function addStaff(
  admin: Api,
  options: { name: string; storeId: number; roleId: number; level: 'clerk' | 'storeManger' },
): Promise<Staff> {
  const username = unique('e2e_staff_');
  const password = 'staff-pass1';
  const { id } = await admin.post<{ id: number }>('/admin/base/sys/user/add', {
    username,
    password,
    name: options.name,
    nickName: options.name,
    departmentId: options.storeId,
    roleIdList: [options.roleId],
    userLevel: options.level,
  });
  return { id, username, password, name: options.name };
}
