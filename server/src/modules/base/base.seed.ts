import { type MenuNode, SUPER_ROLE_LABEL } from '@backroom/contract';
import { hashPassword } from '../../core/auth/password.js';
import type { AppContext } from '../../core/context.js';
import { asLoose, formatTime, insertReturningId } from '../../core/db/index.js';
import { baseMenus } from './base.menu.js';
import { topDepartmentId } from './sys-department.repository.js';
import { readConf, writeConf } from './sys-log.repository.js';
import type { SysMenuService } from './sys-menu.service.js';

/** Bump when baseMenus gains entries an existing install should receive. */
const MENU_SEED_VERSION = '1';

const DEPARTMENTS: Array<{ name: string; parent: string | null; orderNum: number }> = [
  { name: '总部', parent: null, orderNum: 0 },
  { name: '门店运营部', parent: '总部', orderNum: 1 },
  { name: '华东区', parent: '门店运营部', orderNum: 1 },
  { name: '华南区', parent: '门店运营部', orderNum: 2 },
  { name: '财务部', parent: '总部', orderNum: 2 },
  { name: '人力资源部', parent: '总部', orderNum: 3 },
];

const PARAMS = [
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
 * Initial rows; safe to run at every start. Each part only adds what is missing, and the menu
 * tree is merged once per MENU_SEED_VERSION so menus an operator deleted stay deleted.
 */
/**
 * Another module's menus (its directory, pages and permission rows), merged into the tree once per
 * `version` under the conf key `seed:menus:<module>`: an install receives new entries when the
 * version is bumped, and menus an operator deleted stay deleted until then.
 */
export async function seedModuleMenus(
  ctx: AppContext,
  menus: SysMenuService,
  module: string,
  version: string,
  tree: MenuNode[],
): Promise<void> {
  await ctx.db.db.transaction().execute(async (trx) => {
    const key = `seed:menus:${module}`;
    if ((await readConf(trx, key)) === version) return;
    await menus.importTree(tree, null, trx);
    await writeConf(trx, key, version, formatTime());
  });
}

export async function seedBase(ctx: AppContext, menus: SysMenuService): Promise<void> {
  const { kind } = ctx.db;
  const now = formatTime();
  await ctx.db.db.transaction().execute(async (trx) => {
    const departments = await trx.selectFrom('base_sys_department').select(['id', 'name']).execute();
    if (departments.length === 0) {
      const ids = new Map<string, number>();
      for (const d of DEPARTMENTS) {
        const parentId = d.parent === null ? null : (ids.get(d.parent) ?? null);
        ids.set(
          d.name,
          await insertReturningId(asLoose(trx), kind, 'base_sys_department', {
            name: d.name,
            parentId,
            orderNum: d.orderNum,
            createTime: now,
            updateTime: now,
          }),
        );
      }
    }
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
        relevance: kind === 'postgres' ? true : 1,
        createTime: now,
        updateTime: now,
      });
      superRole = { id };
    }
    const admin = await trx.selectFrom('base_sys_user').select('id').where('username', '=', 'admin').executeTakeFirst();
    if (!admin) {
      const top = await topDepartmentId(trx);
      const userId = await insertReturningId(asLoose(trx), kind, 'base_sys_user', {
        username: 'admin',
        name: '超级管理员',
        nickName: '管理员',
        password: await hashPassword(ctx.config.adminPassword ?? '123456'),
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
    if ((await readConf(trx, 'seed:menus:base')) !== MENU_SEED_VERSION) {
      await menus.importTree(baseMenus, null, trx);
      await writeConf(trx, 'seed:menus:base', MENU_SEED_VERSION, now);
    }
  });
}
