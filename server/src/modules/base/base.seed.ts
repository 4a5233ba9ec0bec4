import {
  baseMenus,
  DEFAULT_PASSWORD_POLICY,
  type ModuleMenus,
  POLICY_PARAM_KEYS,
  SUPER_ROLE_LABEL,
  type SysParam,
} from '@backroom/contract';
import { hashPassword, verifyPassword } from '../../core/auth/password.js';
import type { AppContext } from '../../core/context.js';
import { asLoose, type Db, type DbKind, formatTime, insertReturningId, toDbBool } from '../../core/db/index.js';
import type { SeedStep } from '../../core/db/seeds.js';
import { topDepartmentId } from './sys-department.repository.js';
import type { SysMenuService } from './sys-menu.service.js';

/** The seeded admin's password when ADMIN_PASSWORD is not set: public, so it must be changed at first sign-in. */
const DEFAULT_ADMIN_PASSWORD = '123456';

const DEPARTMENTS: Array<{ name: string; parent: string | null; orderNum: number }> = [
  { name: '总部', parent: null, orderNum: 0 },
  { name: '门店运营部', parent: '总部', orderNum: 1 },
  { name: '华东区', parent: '门店运营部', orderNum: 1 },
  { name: '华南区', parent: '门店运营部', orderNum: 2 },
  { name: '财务部', parent: '总部', orderNum: 2 },
  { name: '人力资源部', parent: '总部', orderNum: 3 },
];

const PARAMS: ReadonlyArray<Pick<SysParam, 'keyName' | 'name' | 'dataType' | 'data' | 'remark'>> = [
  {
    keyName: 'storeNotice',
    name: '门店公告',
    dataType: 1,
    data: '<p>欢迎使用 Backroom 门店后台。</p>',
    remark: '富文本示例',
  },
  {
    keyName: 'discountRule',
    name: '折扣规则',
    dataType: 0,
    data: '{"maxDiscount":0.2,"memberOnly":true}',
    remark: 'JSON 示例',
  },
];

/**
 * A module's menus (its directory, pages and permission rows) as a seed step: merged into the tree
 * once per `version` (recorded as `seed:menus:<module>`), so an install receives new entries when
 * the version is bumped, and menus an operator deleted stay deleted until then.
 */
export function menuSeed(declared: ModuleMenus, menus: SysMenuService): SeedStep {
  return {
    module: declared.module,
    name: 'menus',
    when: { once: declared.version },
    run: async (trx) => {
      await menus.importTree([...declared.tree], null, trx);
    },
  };
}

/** The departments a new install starts with; an install that has any keeps its own. */
async function seedDepartments(trx: Db, kind: DbKind): Promise<void> {
  if (await trx.selectFrom('base_sys_department').select('id').limit(1).executeTakeFirst()) return;
  const now = formatTime();
  const ids = new Map<string, number>();
  for (const d of DEPARTMENTS) {
    const parentId = d.parent === null ? null : (ids.get(d.parent) ?? null);
    const values = { name: d.name, parentId, orderNum: d.orderNum, createTime: now, updateTime: now };
    ids.set(d.name, await insertReturningId(asLoose(trx), kind, 'base_sys_department', values));
  }
}

/** The superuser role and the `admin` user in it, on the first start. */
async function seedSuperuser(trx: Db, kind: DbKind, adminPassword: string): Promise<void> {
  const now = formatTime();
  let superRole = await trx
    .selectFrom('base_sys_role')
    .select('id')
    .where('label', '=', SUPER_ROLE_LABEL)
    .executeTakeFirst();
  if (!superRole) {
    const id = await insertReturningId(asLoose(trx), kind, 'base_sys_role', {
      name: '超级管理员',
      label: SUPER_ROLE_LABEL,
      remark: '拥有全部权限与全部部门的数据权限',
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
    name: '超级管理员',
    nickName: '管理员',
    password: await hashPassword(adminPassword),
    passwordV: 1,
    // The first password is the operator's (or the public default): its user chooses their own.
    passwordChangeRequired: toDbBool(kind, true),
    status: 1,
    userLevel: 'clerk',
    departmentId: top ?? null,
    remark: '拥有最高权限的用户',
    createTime: now,
    updateTime: now,
  });
  await trx.insertInto('base_sys_user_role').values({ userId, roleId: superRole.id }).execute();
}

/** The password policy's parameters, at their defaults (docs/architecture.md, "Account security"). */
const POLICY_PARAMS: typeof PARAMS = [
  {
    keyName: POLICY_PARAM_KEYS.minLength,
    name: '密码最短长度',
    dataType: 0,
    data: String(DEFAULT_PASSWORD_POLICY.minLength),
    remark: '6-16',
  },
  {
    keyName: POLICY_PARAM_KEYS.minClasses,
    name: '密码至少包含的字符种类',
    dataType: 0,
    data: String(DEFAULT_PASSWORD_POLICY.minClasses),
    remark: '0-4：小写字母、大写字母、数字、符号',
  },
  {
    keyName: POLICY_PARAM_KEYS.history,
    name: '不可重复使用的最近密码个数',
    dataType: 0,
    data: String(DEFAULT_PASSWORD_POLICY.history),
    remark: '0-10，0 为不限制',
  },
  {
    keyName: POLICY_PARAM_KEYS.notUsername,
    name: '密码不可包含用户名',
    dataType: 0,
    data: DEFAULT_PASSWORD_POLICY.notUsername ? '1' : '0',
    remark: '1 是，0 否',
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

async function seedParams(trx: Db, params: typeof PARAMS = PARAMS): Promise<void> {
  const now = formatTime();
  for (const param of params) {
    const exists = await trx
      .selectFrom('base_sys_param')
      .select('id')
      .where('keyName', '=', param.keyName)
      .executeTakeFirst();
    if (!exists)
      await trx
        .insertInto('base_sys_param')
        .values({ ...param, createTime: now, updateTime: now })
        .execute();
  }
}

/**
 * The base module's initial rows, as seed steps that run once each (core/db/seeds.ts): an install
 * keeps what its operator did to them (a department renamed, the admin user removed, a parameter
 * deleted) across restarts and upgrades.
 */
export function addBaseSeeds(ctx: AppContext, menus: SysMenuService): void {
  const adminPassword = ctx.config.adminPassword ?? DEFAULT_ADMIN_PASSWORD;
  ctx.seeds.add({ module: 'base', name: 'departments', when: { once: '1' }, run: seedDepartments });
  ctx.seeds.add({
    module: 'base',
    name: 'superuser',
    when: { once: '1' },
    run: (trx, kind) => seedSuperuser(trx, kind, adminPassword),
  });
  ctx.seeds.add({ module: 'base', name: 'params', when: { once: '1' }, run: (trx) => seedParams(trx) });
  ctx.seeds.add(menuSeed(baseMenus, menus));
  ctx.seeds.add({
    module: 'base',
    name: 'password-policy',
    when: { once: '1' },
    run: async (trx, kind) => {
      await seedParams(trx, POLICY_PARAMS);
      await flagDefaultAdminPassword(trx, kind);
    },
  });
}
