import { type MenuNode, sysDepartment, sysLog, sysMenu, sysParam, sysRole, sysUser } from '@backroom/contract';

type Perms = Readonly<Record<string, string>>;

/** A permission row (type 2) whose perms text is read from the declaration, never retyped. */
export function permRow(name: string, perms: readonly string[], orderNum = 0): MenuNode {
  return { name, type: 2, perms: perms.join(','), orderNum, keepAlive: true, isShow: true };
}

/** The usual permission rows of an entity with the standard actions. */
export function crudPermRows(perms: Perms): MenuNode[] {
  const pick = (...actions: string[]) => actions.filter((a) => perms[a] !== undefined).map((a) => perms[a] as string);
  return [
    permRow('查询', pick('page', 'list', 'info'), 1),
    permRow('新增', pick('add'), 2),
    permRow('修改', pick('info', 'update'), 3),
    permRow('删除', pick('delete'), 4),
  ].filter((row) => row.perms !== '');
}

export function menuPage(
  name: string,
  router: string,
  viewPath: string,
  icon: string,
  orderNum: number,
  childMenus: MenuNode[],
): MenuNode {
  return { name, type: 1, router, viewPath, icon, orderNum, keepAlive: true, isShow: true, childMenus };
}

export function menuDirectory(
  name: string,
  icon: string,
  orderNum: number,
  childMenus: MenuNode[],
  router: string | null = null,
): MenuNode {
  return { name, type: 0, router, icon, orderNum, keepAlive: true, isShow: true, childMenus };
}

/** The base module's menus, with the family's routers and view paths (DESIGN.md §4). */
export const baseMenus: MenuNode[] = [
  menuDirectory(
    '系统管理',
    'icon-system',
    2,
    [
      menuDirectory('权限管理', 'icon-auth', 1, [
        menuPage('菜单列表', '/sys/menu', 'modules/base/views/menu/index.vue', 'icon-menu', 2, [
          ...crudPermRows(sysMenu.perms),
          permRow('导出', [sysMenu.perms.export], 5),
          permRow('导入', [sysMenu.perms.import], 6),
        ]),
        menuPage('角色列表', '/sys/role', 'modules/base/views/role.vue', 'icon-dept', 3, crudPermRows(sysRole.perms)),
        menuPage('用户列表', '/sys/user', 'modules/base/views/user/index.vue', 'icon-user', 0, [
          ...crudPermRows(sysUser.perms),
          permRow('用户转移', [sysUser.perms.move], 5),
          permRow('部门列表', [sysDepartment.perms.list], 6),
          permRow('新增部门', [sysDepartment.perms.add], 7),
          permRow('更新部门', [sysDepartment.perms.update], 8),
          permRow('删除部门', [sysDepartment.perms.delete], 9),
          permRow('部门排序', [sysDepartment.perms.order], 10),
        ]),
      ]),
      menuDirectory('参数配置', 'icon-params', 3, [
        menuPage('参数列表', '/sys/param', 'modules/base/views/param.vue', 'icon-menu', 0, [
          ...crudPermRows(sysParam.perms),
          permRow('网页内容', [sysParam.perms.html], 5),
        ]),
      ]),
      menuDirectory('监控管理', 'icon-monitor', 9, [
        menuPage('请求日志', '/sys/log', 'modules/base/views/log.vue', 'icon-log', 1, [
          permRow('权限', [sysLog.perms.page, sysLog.perms.clear, sysLog.perms.getKeep, sysLog.perms.setKeep], 1),
        ]),
      ]),
    ],
    '/sys',
  ),
];
