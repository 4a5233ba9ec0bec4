import {
  baseMenus,
  baseSessionMenus,
  type ModuleMenus,
  menuPages,
  SUPER_ROLE_LABEL,
  type SysParam,
} from '@backroom/contract';
import { hashPassword } from '../../core/auth/password.js';
import type { AppContext } from '../../core/context.js';
import { asLoose, type Db, type DbKind, formatTime, insertReturningId, toDbBool } from '../../core/db/index.js';
import type { SeedStep } from '../../core/db/seeds.js';
import { topDepartmentId } from './sys-department.repository.js';
import type { SysMenuService } from './sys-menu.service.js';
import { sessionLimitSeed } from './sys-session.service.js';

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
 * once per `version` (recorded as `seed:<step>:<module>`, the step `menus` unless declared otherwise), so an install receives new entries when
 * the version is bumped, and menus an operator deleted stay deleted until then.
 */
export function menuSeed(declared: ModuleMenus, menus: SysMenuService): SeedStep {
  return {
    module: declared.module,
    name: declared.step,
    when: { once: declared.version },
    run: async (trx) => {
      await menus.importTree([...declared.tree], null, trx);
    },
  };
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
    status: 1,
    userLevel: 'clerk',
    departmentId: top ?? null,
    remark: '拥有最高权限的用户',
    createTime: now,
    updateTime: now,
  });
  await trx.insertInto('base_sys_user_role').values({ userId, roleId: superRole.id }).execute();
}

async function seedParams(trx: Db): Promise<void> {
  const now = formatTime();
  for (const param of PARAMS) {
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
  const adminPassword = ctx.config.adminPassword ?? '123456';
  ctx.seeds.add({ module: 'base', name: 'departments', when: { once: '1' }, run: seedDepartments });
  ctx.seeds.add({
    module: 'base',
    name: 'superuser',
    when: { once: '1' },
    run: (trx, kind) => seedSuperuser(trx, kind, adminPassword),
  });
  ctx.seeds.add({ module: 'base', name: 'params', when: { once: '1' }, run: (trx) => seedParams(trx) });
  ctx.seeds.add(menuSeed(baseMenus, menus));
  ctx.seeds.add(menuSeed(baseSessionMenus, menus));
  ctx.seeds.add(sessionLimitSeed);
  ctx.seeds.add(permRowsSeed(baseMenus, '/sys/log', '权限', menus));
}
