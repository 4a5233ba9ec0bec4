import { CUSTOMER_DICTS, type Label, type Locale, label, type UserLevel } from '@backroom/contract';
import { unusableHash } from '../../core/auth/password.js';
import type { AppContext } from '../../core/context.js';
import { asLoose, type Db, type DbKind, formatTime, insertReturningId, toDbBool } from '../../core/db/index.js';
import { paramSeed, type SeededParam } from '../../core/db/seeds.js';
import { STARTER_DEPARTMENTS } from '../base/index.js';
import { dictionaryLabelsSeed, insertDictionaries, type StarterDictionary } from '../dict/index.js';
import { starterNames } from './starter-chain.js';
import {
  CLERK_PERMS,
  HR_PERMS,
  MANAGER_PERMS,
  menusGranting,
  ROLE_REMARKS,
  reshapeStarterRoles,
  TREASURER_PERMS,
} from './starter-roles.js';

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
  clerkRole: label('店员', '店員', 'Clerk'),
  treasurer: label('财务', '財務', 'Treasurer'),
  hr: label('人事', '人事', 'HR officer'),
};

type RoleSeed = { label: string; name: string; remark: string; perms: readonly string[]; departments: number[] };

/**
 * The customer module's seed steps: its dictionaries (on every install, new or upgraded: its
 * screens label values with them) and the starter chain (a new install with STARTER_DATA on only).
 */
/** The reminders' times of day (HH:mm, in TASK_TIMEZONE); their tasks' crons follow them (task module). */
const REMINDER_PARAMS: readonly SeededParam[] = [
  {
    keyName: 'reminderTime',
    name: label('明日到访提醒时间', '明日到訪提醒時間', "Time of tomorrow's visits reminder"),
    dataType: 0,
    data: '18:00',
    remark: label(
      '每天此时（HH:mm）提醒员工明天的邀约',
      '每天此時（HH:mm）提醒員工明天的邀約',
      "Every day at this time (HH:mm), owners are told of tomorrow's invitations",
    ),
  },
  {
    keyName: 'morningReminderTime',
    name: label('今日到访提醒时间', '今日到訪提醒時間', "Time of today's visits reminder"),
    dataType: 0,
    data: '08:30',
    remark: label(
      '每天此时（HH:mm）提醒今天的邀约和昨天未到店的客户',
      '每天此時（HH:mm）提醒今天的邀約和昨天未到店的客戶',
      "Every day at this time (HH:mm), owners are told of today's invitations and yesterday's no-shows",
    ),
  },
];

export function addCustomerSeeds(ctx: AppContext): void {
  for (const param of REMINDER_PARAMS)
    ctx.seeds.add(paramSeed('customer', `param-${param.keyName}`, param, ctx.config.seedLocale));
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
  // The starter roles of an install seeded before each did its job alone (docs/roles.md); a new
  // install has them already (the step finds no role as the release before left it).
  ctx.seeds.add({
    module: 'customer',
    name: 'chain-roles',
    when: { once: '1' },
    run: async (trx) => {
      await reshapeStarterRoles(trx);
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
          remark: say(ROLE_REMARKS.manager),
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
      remark: say(ROLE_REMARKS.clerk),
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
      remark: say(ROLE_REMARKS.treasurer),
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
      remark: say(ROLE_REMARKS.hr),
      perms: HR_PERMS,
      departments: [top.id],
    },
    [hr],
  );
}
