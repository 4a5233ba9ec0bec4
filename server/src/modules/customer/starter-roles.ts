import {
  customerActivity,
  customerInfo,
  customerInvitationRecord,
  customerRevealLog,
  type Label,
  label,
  spaceInfo,
  spaceType,
  sysDepartment,
  sysRole,
  sysUser,
  withAncestors,
} from '@backroom/contract';
import type { Db } from '../../core/db/index.js';
import { splitPerms } from '../base/index.js';
import { STARTER_STORE_COUNT, starterNames } from './starter-chain.js';

const info = customerInfo.perms;
const invitation = customerInvitationRecord.perms;
const activity = customerActivity.perms;
const user = sysUser.perms;

/**
 * What a clerk does all day: their customers, invitations and activities, read and written, and
 * the file picker's permission row (prize photos), over the files they uploaded themselves only
 * (space-info.service.ts).
 */
// biome-ignore format: a line a page
export const CLERK_PERMS = [
  spaceInfo.perms.page, spaceInfo.perms.list, spaceInfo.perms.info, spaceInfo.perms.add,
  spaceType.perms.list, spaceType.perms.add,
  info.page, info.list, info.info, info.findPage, info.findAll, info.details, info.total, info.homeBaseData,
  info.add, info.create, info.preCreate, info.update, info.batchUpdate, info.remove,
  invitation.page, invitation.list, invitation.info, invitation.findPage,
  invitation.add, invitation.create, invitation.update,
  activity.page, activity.list, activity.info, activity.findPage, activity.create, activity.update,
];

/** A store manager's customer work: the clerk's over the whole store, deletes, hand-over, reveals, Excel, the audit. */
// biome-ignore format: a line a page
const MANAGER_CUSTOMER_PERMS = [
  ...CLERK_PERMS,
  info.delete, info.batchDelete, info.handOver, info.reveal,
  invitation.delete, activity.delete, activity.reveal,
  info.export, info.import, info.importCheck, info.importCommit,
  activity.export, activity.import, activity.importCheck, activity.importCommit,
  customerRevealLog.perms.page,
  // The store filter and the calendar's store choice list the departments (the scope limits them).
  sysDepartment.perms.list,
];

/** Running a store's staff: the roster, adding, editing (a new password, disabling), unlocking. */
// biome-ignore format: a line a page
const STAFF_PERMS = [
  user.page, user.list, user.info, user.add, user.update, user.locks, user.unlock,
  sysDepartment.perms.list,
];

/**
 * A store manager: the store's customers (MANAGER_CUSTOMER_PERMS) and its staff, with the role
 * list to give a clerk the roles she may give (base/grants.ts says which).
 */
// The invitation export came after the release before (invitationExportSeed grants it where that ran).
export const MANAGER_PERMS = [...MANAGER_CUSTOMER_PERMS, invitation.export, ...STAFF_PERMS, sysRole.perms.list];

/** The treasurer: every store's activities and their prizes, read and exported for the books; no customer's file. */
// biome-ignore format: a line a page
export const TREASURER_PERMS = [
  activity.page, activity.list, activity.info, activity.findPage, activity.export,
  sysDepartment.perms.list,
];

/** HR: the staff roster of every store (moves between stores too), and no customer's data. */
export const HR_PERMS = [...STAFF_PERMS, user.move];

/** What the release before seeded on these roles (their menus are rewritten only while they hold exactly that). */
// biome-ignore format: a line a page
const READ_PERMS_V1 = [
  info.page, info.list, info.info, info.findPage, info.findAll, info.details, info.total, info.homeBaseData,
  invitation.page, invitation.list, invitation.info, invitation.findPage,
  activity.page, activity.list, activity.info, activity.findPage,
  sysDepartment.perms.list,
];
const MANAGER_PERMS_V1 = [...MANAGER_CUSTOMER_PERMS, user.page, user.list, user.info];
const TREASURER_PERMS_V1 = [...READ_PERMS_V1, info.export, activity.export];
const HR_PERMS_V1 = [...READ_PERMS_V1, customerRevealLog.perms.page];

/** The starter roles' remarks: what each does, in the seed's language. */
export const ROLE_REMARKS = {
  manager: label(
    '门店店长：本店客户、邀约与活动，删除、交接与查看敏感信息；本店员工的新增、修改、停用与重置密码',
    '門市店長：本店客戶、邀約與活動，刪除、交接與查看敏感資訊；本店員工的新增、修改、停用與重設密碼',
    "Store manager: the store's customers, invitations and activities, deleting, handing over and revealing sensitive data; adding, editing, disabling the store's staff and resetting their passwords",
  ),
  clerk: label(
    '店员：自己的客户、邀约与活动',
    '店員：自己的客戶、邀約與活動',
    'Clerk: their own customers, invitations and activities',
  ),
  treasurer: label(
    '财务：全部门店的福利活动与奖品（只读，可导出），不含客户档案',
    '財務：全部門市的福利活動與獎品（唯讀，可匯出），不含客戶檔案',
    "Treasurer: every store's activities and prizes (read-only, with export), no customer's file",
  ),
  hr: label(
    '人事：全部门店的员工名册（新增、修改、停用、调动、重置密码），不含客户资料',
    '人事：全部門市的員工名冊（新增、修改、停用、調動、重設密碼），不含客戶資料',
    "HR: the staff roster of every store (adding, editing, disabling, moving staff, resetting passwords), no customer's data",
  ),
} as const;

/** The remarks the release before wrote, replaced where a role still holds one. */
const REMARKS_V1: Record<'manager' | 'treasurer' | 'hr', Label> = {
  manager: label(
    '门店店长：本店客户、邀约与活动，删除、交接与查看敏感信息，本店员工',
    '門市店長：本店客戶、邀約與活動，刪除、交接與查看敏感資訊，本店員工',
    "Store manager: the store's customers, invitations and activities, deleting, handing over and revealing sensitive data, the store's staff",
  ),
  treasurer: label(
    '财务：全部门店的客户、邀约与活动（只读，可导出）',
    '財務：全部門市的客戶、邀約與活動（唯讀，可匯出）',
    'Treasurer: customers, invitations and activities of every store (read-only, with export)',
  ),
  hr: label(
    '人事：全部门店的客户与活动（只读）及敏感信息查看记录',
    '人事：全部門市的客戶與活動（唯讀）及敏感資訊查看紀錄',
    'HR: customers and activities of every store (read-only) and the record of sensitive-data reveals',
  ),
};

type MenuRow = { id: number; parentId: number | null; type: number; perms: string | null };

/**
 * The menu rows that grant exactly these permissions: every permission row whose perms all lie in
 * the set, with the pages and directories above it (what the role screen shows ticked).
 */
export function grantOf(menus: readonly MenuRow[], perms: readonly string[]): Set<number> {
  const allowed = new Set(perms);
  const rows = menus.filter((m) => {
    const own = splitPerms(m.perms);
    return m.type === 2 && own.length > 0 && own.every((p) => allowed.has(p));
  });
  return withAncestors(
    menus,
    rows.map((m) => m.id),
  );
}

export async function menusGranting(trx: Db, perms: readonly string[]): Promise<number[]> {
  const menus = await trx.selectFrom('base_sys_menu').select(['id', 'parentId', 'type', 'perms']).execute();
  return [...grantOf(menus, perms)];
}

const STORES = Array.from({ length: STARTER_STORE_COUNT }, (_, i) => i + 1);

/** The starter roles this release reshapes: label, what the release before gave, what it gives now. */
const RESHAPED: ReadonlyArray<{ label: string; kind: keyof typeof REMARKS_V1; before: string[]; after: string[] }> = [
  ...STORES.map((s) => ({
    label: starterNames.managerRole(s),
    kind: 'manager' as const,
    before: MANAGER_PERMS_V1,
    after: MANAGER_PERMS,
  })),
  { label: starterNames.treasurer, kind: 'treasurer', before: TREASURER_PERMS_V1, after: TREASURER_PERMS },
  { label: starterNames.hr, kind: 'hr', before: HR_PERMS_V1, after: HR_PERMS },
];

/** What the release before gave each reshaped starter role, by label (the upgrade's test rebuilds such an install). */
export const PREVIOUS_STARTER_GRANTS: ReadonlyMap<string, readonly string[]> = new Map(
  RESHAPED.map((r) => [r.label, r.before]),
);

const sameSet = (a: ReadonlySet<number>, b: ReadonlySet<number>) => a.size === b.size && [...a].every((x) => b.has(x));

/**
 * An install seeded by the release before gets the starter roles of this one (docs/roles.md): a
 * role is rewritten only while nobody changed it since its seed (never edited: its updateTime is
 * its createTime; its permission rows exactly the ones that release granted), and keeps whatever
 * else it holds (the home page). Its remark follows where it is still the seeded one. The rows'
 * updateTime stays, so the move-in still knows an unused starter chain (starter-chain.ts).
 * Answers the labels of the roles it rewrote.
 */
export async function reshapeStarterRoles(trx: Db): Promise<string[]> {
  const menus = await trx.selectFrom('base_sys_menu').select(['id', 'parentId', 'type', 'perms']).execute();
  const permRows = new Set(menus.filter((m) => m.type === 2).map((m) => m.id));
  const roles = await trx
    .selectFrom('base_sys_role')
    .select(['id', 'label', 'remark', 'createTime', 'updateTime'])
    .where(
      'label',
      'in',
      RESHAPED.map((r) => r.label),
    )
    .execute();
  const done: string[] = [];
  for (const role of roles) {
    const plan = RESHAPED.find((r) => r.label === role.label);
    if (!plan || role.updateTime !== role.createTime) continue;
    const links = await trx.selectFrom('base_sys_role_menu').select('menuId').where('roleId', '=', role.id).execute();
    const held = new Set(links.map((l) => l.menuId));
    const before = grantOf(menus, plan.before);
    const heldRows = new Set([...held].filter((id) => permRows.has(id)));
    if (!sameSet(heldRows, new Set([...before].filter((id) => permRows.has(id))))) continue;
    const next = new Set([...[...held].filter((id) => !before.has(id)), ...grantOf(menus, plan.after)]);
    await trx.deleteFrom('base_sys_role_menu').where('roleId', '=', role.id).execute();
    if (next.size > 0)
      await trx
        .insertInto('base_sys_role_menu')
        .values([...next].map((menuId) => ({ roleId: role.id, menuId })))
        .execute();
    const locale = (['zh-cn', 'zh-tw', 'en'] as const).find((l) => REMARKS_V1[plan.kind][l] === role.remark);
    if (locale)
      await trx
        .updateTable('base_sys_role')
        .set({ remark: ROLE_REMARKS[plan.kind][locale] })
        .where('id', '=', role.id)
        .execute();
    done.push(role.label ?? '');
  }
  return done;
}
