import {
  baseAiCodeMenus,
  baseCodingMenus,
  baseMenus,
  baseSessionMenus,
  baseStaffMenus,
  DEFAULT_PASSWORD_POLICY,
  type Label,
  type Locale,
  label,
  type ModuleMenus,
  menuPages,
  POLICY_PARAM_KEYS,
  SUPER_ROLE_LABEL,
} from '@backroom/contract';
import { hashPassword, verifyPassword } from '../../core/auth/password.js';
import type { AppContext } from '../../core/context.js';
import { asLoose, type Db, type DbKind, formatTime, insertReturningId, toDbBool } from '../../core/db/index.js';
import { insertParamIfMissing, type SeededParam, type SeedStep } from '../../core/db/seeds.js';
import { topDepartmentId } from './sys-department.repository.js';
import type { SysMenuService } from './sys-menu.service.js';
import { idleSignOutSeed, sessionLimitSeed } from './sys-session.service.js';

/**
 * The seeded admin's password when ADMIN_PASSWORD is not set: public, so it must be changed at first
 * sign-in, and until then it is accepted only from the server's own machine (open.service.ts).
 */
export const DEFAULT_ADMIN_PASSWORD = '123456';

/** The departments of the starter organisation that other modules' seeds build on (customer: regions, offices). */
export const STARTER_DEPARTMENTS = {
  top: label('总部', '總部', 'Head office'),
  operations: label('门店运营部', '門市營運部', 'Store operations'),
  east: label('华东区', '華東區', 'East region'),
  south: label('华南区', '華南區', 'South region'),
  finance: label('财务部', '財務部', 'Finance'),
  hr: label('人力资源部', '人力資源部', 'Human resources'),
} as const;

const D = STARTER_DEPARTMENTS;
const DEPARTMENTS: Array<{ name: Label; parent: Label | null; orderNum: number }> = [
  { name: D.top, parent: null, orderNum: 0 },
  { name: D.operations, parent: D.top, orderNum: 1 },
  { name: D.east, parent: D.operations, orderNum: 1 },
  { name: D.south, parent: D.operations, orderNum: 2 },
  { name: D.finance, parent: D.top, orderNum: 2 },
  { name: D.hr, parent: D.top, orderNum: 3 },
];

const PARAMS: readonly SeededParam[] = [
  {
    keyName: 'storeNotice',
    name: label('门店公告', '門市公告', 'Store notice'),
    dataType: 1,
    data: label(
      '<p>欢迎使用 Backroom 门店后台。</p>',
      '<p>歡迎使用 Backroom 門市後台。</p>',
      '<p>Welcome to the Backroom store back-office.</p>',
    ),
    remark: label('富文本示例', '富文本範例', 'Rich-text example'),
  },
  {
    keyName: 'discountRule',
    name: label('折扣规则', '折扣規則', 'Discount rule'),
    dataType: 0,
    data: '{"maxDiscount":0.2,"memberOnly":true}',
    remark: label('JSON 示例', 'JSON 範例', 'JSON example'),
  },
];

const SUPERUSER = {
  roleName: label('超级管理员', '超級管理員', 'Superuser'),
  roleRemark: label(
    '拥有全部权限与全部部门的数据权限',
    '擁有全部權限與全部部門的資料權限',
    'Every permission, over every department',
  ),
  name: label('超级管理员', '超級管理員', 'Superuser'),
  nickName: label('管理员', '管理員', 'Admin'),
  remark: label('拥有最高权限的用户', '擁有最高權限的使用者', 'The user with the highest rights'),
};

/**
 * A module's menus (its directory, pages and permission rows) as a seed step: merged into the tree
 * once per `version` (recorded as `seed:<step>:<module>`, the step `menus` unless declared otherwise), so an install receives new entries when
 * the version is bumped, and menus an operator deleted stay deleted until then.
 */
export function menuSeed(declared: ModuleMenus, menus: SysMenuService, enabled = true): SeedStep {
  return {
    module: declared.module,
    name: declared.step,
    when: { once: declared.version },
    enabled,
    run: async (trx) => {
      await menus.importTree([...declared.tree], null, trx);
    },
  };
}

/**
 * Demo and developer menus (the CRUD and tenant demos, AI coding, the transform tool): seeded like
 * any module's menus, but only while DEMO_MENUS is on. A new install without the switch never
 * receives them; turning it on later seeds them at that start. An install upgraded from a release
 * that seeded them has the step recorded, so its menus (its data now) stay as they are, whatever
 * the switch says: the record is the mark of an install that had them (docs/architecture.md,
 * "Demo and developer menus").
 */
export function demoMenuSeed(declared: ModuleMenus, menus: SysMenuService, demoMenus: boolean): SeedStep {
  return menuSeed(declared, menus, demoMenus);
}

/**
 * Where an older release seeded one permission row `oldName` on a page (the request log's and the
 * task list's `权限`), that row becomes the page's declared rows, each with a name of its own
 * (docs/spec.md §3), and every role that held it holds them all: no role gains or loses a call.
 * Runs once; an install that never had the old row (or deleted it) is left alone.
 */
export function permRowsSeed(declared: ModuleMenus, router: string, oldName: string, menus: SysMenuService): SeedStep {
  const page = menuPages([...declared.tree]).find((node) => node.router === router);
  if (!page) throw new Error(`${declared.module}: no page ${router} in its menus`);
  const rows = (page.childMenus ?? []).filter((node) => node.type === 2);
  return {
    module: declared.module,
    name: 'perm-rows',
    when: { once: '1' },
    run: async (trx) => {
      await menus.replacePermRow(router, oldName, rows, trx);
    },
  };
}

/**
 * The departments a new install starts with: the starter organisation, or with STARTER_DATA off the
 * top department alone (the admin's, and the root new ones go under); an install that has any keeps its own.
 */
async function seedDepartments(trx: Db, kind: DbKind, locale: Locale, starter: boolean): Promise<void> {
  if (await trx.selectFrom('base_sys_department').select('id').limit(1).executeTakeFirst()) return;
  const now = formatTime();
  const ids = new Map<Label, number>();
  for (const d of starter ? DEPARTMENTS : DEPARTMENTS.filter((x) => x.parent === null)) {
    const parentId = d.parent === null ? null : (ids.get(d.parent) ?? null);
    const values = { name: d.name[locale], parentId, orderNum: d.orderNum, createTime: now, updateTime: now };
    ids.set(d.name, await insertReturningId(asLoose(trx), kind, 'base_sys_department', values));
  }
}

/** The superuser role and the `admin` user in it, on the first start. */
async function seedSuperuser(trx: Db, kind: DbKind, adminPassword: string, locale: Locale): Promise<void> {
  const now = formatTime();
  let superRole = await trx
    .selectFrom('base_sys_role')
    .select('id')
    .where('label', '=', SUPER_ROLE_LABEL)
    .executeTakeFirst();
  if (!superRole) {
    const id = await insertReturningId(asLoose(trx), kind, 'base_sys_role', {
      name: SUPERUSER.roleName[locale],
      label: SUPER_ROLE_LABEL,
      remark: SUPERUSER.roleRemark[locale],
      relevance: toDbBool(kind, true),
      createTime: now,
      updateTime: now,
    });
    superRole = { id };
  }
  if (await trx.selectFrom('base_sys_user').select('id').where('username', '=', 'admin').executeTakeFirst()) return;
  const top = await topDepartmentId(trx);
  const userId = await insertReturningId(asLoose(trx), kind, 'base_sys_user', {
    username: 'admin',
    name: SUPERUSER.name[locale],
    nickName: SUPERUSER.nickName[locale],
    password: await hashPassword(adminPassword),
    passwordV: 1,
    // The public default must be changed at the first sign-in; a password the operator set in
    // ADMIN_PASSWORD before the first start is their own choice.
    passwordChangeRequired: toDbBool(kind, adminPassword === DEFAULT_ADMIN_PASSWORD),
    status: 1,
    userLevel: 'clerk',
    departmentId: top ?? null,
    remark: SUPERUSER.remark[locale],
    createTime: now,
    updateTime: now,
  });
  await trx.insertInto('base_sys_user_role').values({ userId, roleId: superRole.id }).execute();
}

/** The password policy's parameters, at their defaults (docs/architecture.md, "Account security"). */
const POLICY_PARAMS: readonly SeededParam[] = [
  {
    keyName: POLICY_PARAM_KEYS.minLength,
    name: label('密码最短长度', '密碼最短長度', 'Shortest password'),
    dataType: 0,
    data: String(DEFAULT_PASSWORD_POLICY.minLength),
    remark: label('6-16', '6-16', '6-16'),
  },
  {
    keyName: POLICY_PARAM_KEYS.minClasses,
    name: label('密码至少包含的字符种类', '密碼至少包含的字元種類', 'Character kinds a password needs'),
    dataType: 0,
    data: String(DEFAULT_PASSWORD_POLICY.minClasses),
    remark: label(
      '0-4：小写字母、大写字母、数字、符号',
      '0-4：小寫字母、大寫字母、數字、符號',
      '0-4: lower case, upper case, digits, symbols',
    ),
  },
  {
    keyName: POLICY_PARAM_KEYS.history,
    name: label('不可重复使用的最近密码个数', '不可重複使用的最近密碼個數', 'Recent passwords that may not be reused'),
    dataType: 0,
    data: String(DEFAULT_PASSWORD_POLICY.history),
    remark: label('0-10，0 为不限制', '0-10，0 為不限制', '0-10, 0 for no limit'),
  },
  {
    keyName: POLICY_PARAM_KEYS.notUsername,
    name: label('密码不可包含用户名', '密碼不可包含使用者名稱', 'A password may not hold the username'),
    dataType: 0,
    data: DEFAULT_PASSWORD_POLICY.notUsername ? '1' : '0',
    remark: label('1 是，0 否', '1 是，0 否', '1 yes, 0 no'),
  },
];

/**
 * An install from before the forced change: its admin changes the password at the next sign-in
 * only while it is still the public default (an operator's own choice is left alone).
 */
export async function flagDefaultAdminPassword(trx: Db, kind: DbKind): Promise<void> {
  const admin = await trx
    .selectFrom('base_sys_user')
    .select(['id', 'password'])
    .where('username', '=', 'admin')
    .executeTakeFirst();
  if (!admin || !(await verifyPassword(DEFAULT_ADMIN_PASSWORD, admin.password))) return;
  await trx
    .updateTable('base_sys_user')
    .set({ passwordChangeRequired: toDbBool(kind, true) })
    .where('id', '=', admin.id)
    .execute();
}

/** Whether the seeded admin still owes the change of the public default password (and so still has it). */
export async function adminHasDefaultPassword(db: Db): Promise<boolean> {
  const admin = await db
    .selectFrom('base_sys_user')
    .select(['password', 'passwordChangeRequired'])
    .where('username', '=', 'admin')
    .executeTakeFirst();
  return (
    Boolean(admin?.passwordChangeRequired) && (await verifyPassword(DEFAULT_ADMIN_PASSWORD, admin?.password ?? ''))
  );
}

/** The start-up log's word while the admin has the public default: where it works, and how to avoid it. */
export function defaultPasswordWarning(port: number): string {
  return (
    `admin still has the public default password ${DEFAULT_ADMIN_PASSWORD}: it is accepted only from this machine ` +
    `(http://127.0.0.1:${port}, not through a proxy) until admin signs in there and chooses a new one; ` +
    'a new install avoids it with ADMIN_PASSWORD set before its first start'
  );
}

async function seedParams(trx: Db, locale: Locale, params: readonly SeededParam[]): Promise<void> {
  for (const param of params) await insertParamIfMissing(trx, param, locale);
}

/**
 * The base module's initial rows, as seed steps that run once each (core/db/seeds.ts): an install
 * keeps what its operator did to them (a department renamed, the admin user removed, a parameter
 * deleted) across restarts and upgrades. Their names are written in SEED_LOCALE's language at the
 * first start; a later SEED_LOCALE changes nothing already seeded.
 */
export function addBaseSeeds(ctx: AppContext, menus: SysMenuService): void {
  const adminPassword = ctx.config.adminPassword ?? DEFAULT_ADMIN_PASSWORD;
  const { seedLocale: locale, starterData } = ctx.config;
  // Recorded whichever STARTER_DATA says: the switch is read at the first start only.
  ctx.seeds.add({
    module: 'base',
    name: 'departments',
    when: { once: '1' },
    run: (trx, kind) => seedDepartments(trx, kind, locale, starterData),
  });
  ctx.seeds.add({
    module: 'base',
    name: 'superuser',
    when: { once: '1' },
    run: (trx, kind) => seedSuperuser(trx, kind, adminPassword, locale),
  });
  // The two example parameters (rich text, JSON) are starter data; the password policy's below are not.
  ctx.seeds.add({
    module: 'base',
    name: 'params',
    when: { once: '1' },
    run: (trx) => seedParams(trx, locale, starterData ? PARAMS : []),
  });
  ctx.seeds.add(menuSeed(baseMenus, menus));
  ctx.seeds.add(menuSeed(baseSessionMenus, menus));
  ctx.seeds.add(menuSeed(baseStaffMenus, menus));
  ctx.seeds.add(menuSeed(baseCodingMenus, menus));
  ctx.seeds.add(demoMenuSeed(baseAiCodeMenus, menus, ctx.config.demoMenus));
  ctx.seeds.add(sessionLimitSeed(locale));
  ctx.seeds.add(idleSignOutSeed(locale));
  ctx.seeds.add(permRowsSeed(baseMenus, '/sys/log', '权限', menus));
  ctx.seeds.add({
    module: 'base',
    name: 'password-policy',
    when: { once: '1' },
    run: async (trx, kind) => {
      await seedParams(trx, locale, POLICY_PARAMS);
      await flagDefaultAdminPassword(trx, kind);
    },
  });
}
