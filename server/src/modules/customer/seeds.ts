import {
  CUSTOMER_DICTS,
  customerActivity,
  customerInfo,
  customerInvitationRecord,
  customerRevealLog,
  type Label,
  type Locale,
  label,
  spaceInfo,
  spaceType,
  sysDepartment,
  sysUser,
  type UserLevel,
  withAncestors,
} from '@backroom/contract';
import { unusableHash } from '../../core/auth/password.js';
import type { AppContext } from '../../core/context.js';
import { asLoose, type Db, type DbKind, formatTime, insertReturningId, toDbBool } from '../../core/db/index.js';
import { STARTER_DEPARTMENTS, splitPerms } from '../base/index.js';
import { dictionaryLabelsSeed, insertDictionaries, type StarterDictionary } from '../dict/index.js';
import { starterNames } from './starter-chain.js';

/** An item named in every language, its remark the name in the other two (what the value means to a reader of either). */
const item = (value: string, zhCn: string, zhTw: string, en: string) => ({
  value,
  name: label(zhCn, zhTw, en),
  remark: label(`${zhTw} · ${en}`, `${zhCn} · ${en}`, `${zhCn} · ${zhTw}`),
});

/** The customer module's dictionaries; each item's remark gives its meaning in the other languages. */
export const CUSTOMER_DICTIONARIES: readonly StarterDictionary[] = [
  {
    key: CUSTOMER_DICTS.customerType,
    name: label('客户类型', '客戶類型', 'Customer type'),
    items: [
      item('new', '新客户', '新客戶', 'New customer'),
      item('regular', '老客户', '老客戶', 'Regular customer'),
      item('vip', 'VIP客户', 'VIP客戶', 'VIP customer'),
    ],
  },
  {
    key: CUSTOMER_DICTS.invitationStatus,
    name: label('邀约状态', '邀約狀態', 'Invitation status'),
    items: [
      item('1', '已邀约', '已邀約', 'Invited'),
      item('2', '已到店', '已到店', 'Visited'),
      item('3', '已购买', '已購買', 'Bought'),
      item('4', '未到店', '未到店', 'No-show'),
    ],
  },
  {
    key: CUSTOMER_DICTS.idCardType,
    name: label('证件类型', '證件類型', 'ID document type'),
    items: [
      item('idCard', '身份证', '身分證', 'ID card'),
      item('passport', '护照', '護照', 'Passport'),
      item('hkMacau', '港澳通行证', '港澳通行證', 'Hong Kong and Macau permit'),
      item('taiwan', '台胞证', '台胞證', 'Taiwan compatriot permit'),
    ],
  },
];

/** The starter chain: two regions of two stores each (the regions are the base module's seeded ones). */
const REGIONS = [
  {
    name: STARTER_DEPARTMENTS.east,
    stores: [
      label('上海南京路店', '上海南京路店', 'Shanghai Nanjing Road'),
      label('杭州西湖店', '杭州西湖店', 'Hangzhou West Lake'),
    ],
  },
  {
    name: STARTER_DEPARTMENTS.south,
    stores: [
      label('广州天河店', '廣州天河店', 'Guangzhou Tianhe'),
      label('深圳南山店', '深圳南山店', 'Shenzhen Nanshan'),
    ],
  },
] as const;

/** The chain's people and roles, named in every language; `{store}` is the store's name. */
const CHAIN_TEXT = {
  manager: label('{store}店长', '{store}店長', '{store} manager'),
  clerk: label('{store}店员{n}', '{store}店員{n}', '{store} clerk {n}'),
  managerRole: label('店长·{store}', '店長·{store}', 'Manager · {store}'),
  managerRemark: label(
    '门店店长：本店客户、邀约与活动，删除、交接与查看敏感信息，本店员工',
    '門市店長：本店客戶、邀約與活動，刪除、交接與查看敏感資訊，本店員工',
    "Store manager: the store's customers, invitations and activities, deleting, handing over and revealing sensitive data, the store's staff",
  ),
  clerkRole: label('店员', '店員', 'Clerk'),
  clerkRemark: label(
    '店员：自己的客户、邀约与活动',
    '店員：自己的客戶、邀約與活動',
    'Clerk: their own customers, invitations and activities',
  ),
  treasurer: label('财务', '財務', 'Treasurer'),
  treasurerRemark: label(
    '财务：全部门店的客户、邀约与活动（只读，可导出）',
    '財務：全部門市的客戶、邀約與活動（唯讀，可匯出）',
    'Treasurer: customers, invitations and activities of every store (read-only, with export)',
  ),
  hr: label('人事', '人事', 'HR officer'),
  hrRemark: label(
    '人事：全部门店的客户与活动（只读）及敏感信息查看记录',
    '人事：全部門市的客戶與活動（唯讀）及敏感資訊查看紀錄',
    'HR: customers and activities of every store (read-only) and the record of sensitive-data reveals',
  ),
};

const info = customerInfo.perms;
const invitation = customerInvitationRecord.perms;
const activity = customerActivity.perms;

/**
 * What a clerk does all day: their customers, invitations and activities, read and written, and
 * the file picker's permission row (prize photos), over the files they uploaded themselves only
 * (space-info.service.ts).
 */
// biome-ignore format: a line a page
const CLERK_PERMS = [
  spaceInfo.perms.page, spaceInfo.perms.list, spaceInfo.perms.info, spaceInfo.perms.add,
  spaceType.perms.list, spaceType.perms.add,
  info.page, info.list, info.info, info.findPage, info.findAll, info.details, info.total, info.homeBaseData,
  info.add, info.create, info.preCreate, info.update, info.batchUpdate, info.remove,
  invitation.page, invitation.list, invitation.info, invitation.findPage,
  invitation.add, invitation.create, invitation.update,
  activity.page, activity.list, activity.info, activity.findPage, activity.create, activity.update,
];

/**
 * A store manager: the clerk's work over the whole store, plus deletes, hand-over, reveals, Excel
 * export and import, the audit and the store's staff.
 */
// biome-ignore format: a line a page
const MANAGER_PERMS = [
  ...CLERK_PERMS,
  info.delete, info.batchDelete, info.handOver, info.reveal,
  invitation.delete, activity.delete, activity.reveal,
  info.export, info.import, info.importCheck, info.importCommit,
  activity.export, activity.import, activity.importCheck, activity.importCommit,
  customerRevealLog.perms.page,
  sysUser.perms.page, sysUser.perms.list, sysUser.perms.info,
  // The store filter and the calendar's store choice list the departments (the scope limits them).
  sysDepartment.perms.list,
];

/** Reading customers, invitations and activities of the stores granted (all, as seeded). */
// biome-ignore format: a line a page
const READ_PERMS = [
  info.page, info.list, info.info, info.findPage, info.findAll, info.details, info.total, info.homeBaseData,
  invitation.page, invitation.list, invitation.info, invitation.findPage,
  activity.page, activity.list, activity.info, activity.findPage,
  sysDepartment.perms.list,
];

/** The treasurer reads, and exports (masked) what they read for the books. */
const TREASURER_PERMS = [...READ_PERMS, info.export, activity.export];

/** HR reads, and reads the audit of reveals (who looked at whose data, and why). */
const HR_PERMS = [...READ_PERMS, customerRevealLog.perms.page];

type RoleSeed = { label: string; name: string; remark: string; perms: readonly string[]; departments: number[] };

/**
 * The customer module's seed steps: its dictionaries (on every install, new or upgraded: its
 * screens label values with them) and the starter chain (a new install with STARTER_DATA on only).
 */
export function addCustomerSeeds(ctx: AppContext): void {
  ctx.seeds.add({
    module: 'customer',
    name: 'dictionaries',
    when: { once: '1' },
    run: (trx, kind) => insertDictionaries(trx, kind, CUSTOMER_DICTIONARIES, ctx.config.seedLocale),
  });
  ctx.seeds.add(dictionaryLabelsSeed('customer', CUSTOMER_DICTIONARIES));
  ctx.seeds.add({
    module: 'customer',
    name: 'chain',
    when: { once: '1' },
    // Recorded with STARTER_DATA off too: the switch is read at the first start only.
    run: async (trx, kind) => {
      if (ctx.config.starterData) await seedStarterChain(trx, kind, ctx.config.seedLocale);
    },
  });
}

/**
 * Two regions, four stores (departments marked isStore), a manager and two clerks per store, a
 * treasurer and an HR officer, and a role per level. Only on a new install (no user but the
 * superuser, no store yet): an install with staff of its own keeps its organisation as it is.
 * Staff get a random password nobody knows (unusableHash): the operator sets real ones.
 */
async function seedStarterChain(trx: Db, kind: DbKind, locale: Locale): Promise<void> {
  const say = (text: Label, values: Record<string, string | number> = {}) =>
    text[locale].replace(/\{(\w+)\}/g, (_, key: string) => String(values[key] ?? ''));
  const db = asLoose(trx);
  const users = await trx.selectFrom('base_sys_user').select('id').limit(2).execute();
  const store = await db.selectFrom('base_sys_department').select('id').where('isStore', '=', toDbBool(kind, true));
  if (users.length > 1 || (await store.executeTakeFirst())) return;
  const departments = await trx.selectFrom('base_sys_department').select(['id', 'name', 'parentId']).execute();
  const top = departments.find((d) => d.parentId === null);
  if (!top) return;
  const now = formatTime();
  const byName = (name: Label) => departments.find((d) => d.name === name[locale])?.id;
  const addDepartment = (name: string, parentId: number, orderNum: number, isStore: boolean) =>
    insertReturningId(db, kind, 'base_sys_department', {
      name,
      parentId,
      orderNum,
      isStore: toDbBool(kind, isStore),
      createTime: now,
      updateTime: now,
    });
  const addUser = (username: string, name: string, userLevel: UserLevel, departmentId: number) =>
    insertReturningId(db, kind, 'base_sys_user', {
      username,
      name,
      nickName: name,
      password: unusableHash(),
      passwordV: 1,
      status: 1,
      userLevel,
      departmentId,
      createTime: now,
      updateTime: now,
    });
  const addRole = async (role: RoleSeed, userIds: readonly number[]) => {
    const roleId = await insertReturningId(db, kind, 'base_sys_role', {
      name: role.name,
      label: role.label,
      remark: role.remark,
      relevance: toDbBool(kind, true),
      createTime: now,
      updateTime: now,
    });
    const menuIds = await menusGranting(trx, role.perms);
    if (menuIds.length > 0)
      await trx
        .insertInto('base_sys_role_menu')
        .values(menuIds.map((menuId) => ({ roleId, menuId })))
        .execute();
    if (role.departments.length > 0)
      await trx
        .insertInto('base_sys_role_department')
        .values(role.departments.map((departmentId) => ({ roleId, departmentId })))
        .execute();
    await trx
      .insertInto('base_sys_user_role')
      .values(userIds.map((userId) => ({ userId, roleId })))
      .execute();
  };

  const clerks: number[] = [];
  let storeNumber = 0;
  for (const [r, region] of REGIONS.entries()) {
    const regionId = byName(region.name) ?? (await addDepartment(say(region.name), top.id, r + 1, false));
    for (const [s, storeLabel] of region.stores.entries()) {
      storeNumber += 1;
      const store = say(storeLabel);
      const storeId = await addDepartment(store, regionId, s + 1, true);
      const manager = await addUser(
        starterNames.manager(storeNumber),
        say(CHAIN_TEXT.manager, { store }),
        'storeManger',
        storeId,
      );
      for (const n of [1, 2])
        clerks.push(
          await addUser(starterNames.clerk(storeNumber, n), say(CHAIN_TEXT.clerk, { store, n }), 'clerk', storeId),
        );
      await addRole(
        {
          label: starterNames.managerRole(storeNumber),
          name: say(CHAIN_TEXT.managerRole, { store }),
          remark: say(CHAIN_TEXT.managerRemark),
          perms: MANAGER_PERMS,
          departments: [storeId],
        },
        [manager],
      );
    }
  }
  await addRole(
    {
      label: starterNames.clerkRole,
      name: say(CHAIN_TEXT.clerkRole),
      remark: say(CHAIN_TEXT.clerkRemark),
      perms: CLERK_PERMS,
      departments: [],
    },
    clerks,
  );
  const treasurer = await addUser(
    starterNames.treasurer,
    say(CHAIN_TEXT.treasurer),
    'treasurer',
    byName(STARTER_DEPARTMENTS.finance) ?? top.id,
  );
  await addRole(
    {
      label: starterNames.treasurer,
      name: say(CHAIN_TEXT.treasurer),
      remark: say(CHAIN_TEXT.treasurerRemark),
      perms: TREASURER_PERMS,
      departments: [top.id],
    },
    [treasurer],
  );
  const hr = await addUser(starterNames.hr, say(CHAIN_TEXT.hr), 'hr', byName(STARTER_DEPARTMENTS.hr) ?? top.id);
  await addRole(
    {
      label: starterNames.hr,
      name: say(CHAIN_TEXT.hr),
      remark: say(CHAIN_TEXT.hrRemark),
      perms: HR_PERMS,
      departments: [top.id],
    },
    [hr],
  );
}

/**
 * The menu rows that grant exactly these permissions: every permission row whose perms all lie in
 * the set, with the pages and directories above it (what the role screen shows ticked).
 */
async function menusGranting(trx: Db, perms: readonly string[]): Promise<number[]> {
  const allowed = new Set(perms);
  const menus = await trx.selectFrom('base_sys_menu').select(['id', 'parentId', 'type', 'perms']).execute();
  const rows = menus.filter((m) => {
    const own = splitPerms(m.perms);
    return m.type === 2 && own.length > 0 && own.every((p) => allowed.has(p));
  });
  return [
    ...withAncestors(
      menus,
      rows.map((m) => m.id),
    ),
  ];
}
