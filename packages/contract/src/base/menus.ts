import { crudPermRows, defineMenus, menuDirectory, menuPage, permRow } from '../core/menu.js';
import { baseCoding } from './coding.js';
import { sysAudit } from './sys-audit.js';
import { sysDepartment } from './sys-department.js';
import { sysLog } from './sys-log.js';
import { sysMenu } from './sys-menu.js';
import { sysParam } from './sys-param.js';
import { sysRole } from './sys-role.js';
import { sysSession } from './sys-session.js';
import { sysUser } from './sys-user.js';

/** The base module's menus, with the family's routers and view paths. */
export const baseMenus = defineMenus('base', '2', [
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
        menuPage(
          '角色列表',
          '/sys/role',
          'cool/modules/base/views/role.vue',
          'icon-dept',
          3,
          crudPermRows(sysRole.perms),
        ),
        menuPage('用户列表', '/sys/user', 'modules/base/views/user/index.vue', 'icon-user', 0, [
          ...crudPermRows(sysUser.perms),
          permRow('用户转移', [sysUser.perms.move], 5),
          permRow('部门列表', [sysDepartment.perms.list], 6),
          permRow('新增部门', [sysDepartment.perms.add], 7),
          permRow('更新部门', [sysDepartment.perms.update], 8),
          permRow('删除部门', [sysDepartment.perms.delete], 9),
          permRow('部门排序', [sysDepartment.perms.order], 10),
          permRow('重置两步验证', [sysUser.perms.resetTwoFactor], 11),
        ]),
      ]),
      menuDirectory('参数配置', 'icon-params', 3, [
        menuPage('参数列表', '/sys/param', 'cool/modules/base/views/param.vue', 'icon-menu', 0, [
          ...crudPermRows(sysParam.perms),
          permRow('网页内容', [sysParam.perms.html], 5),
        ]),
      ]),
      menuDirectory('监控管理', 'icon-monitor', 9, [
        menuPage('请求日志', '/sys/log', 'cool/modules/base/views/log.vue', 'icon-log', 1, [
          permRow('查询', [sysLog.perms.page], 1),
          permRow('清空', [sysLog.perms.clear], 2),
          permRow('保存天数', [sysLog.perms.getKeep, sysLog.perms.setKeep], 3),
        ]),
      ]),
    ],
    '/sys',
  ),
]);

/**
 * Added after the first release as a seed step of its own (`menus-sessions`), so existing installs
 * receive it: unlocking accounts on the user page, and the online sessions screen beside the
 * request log. The directories merge with the ones above by name, type and router.
 */
export const baseSessionMenus = defineMenus(
  'base',
  '1',
  [
    menuDirectory(
      '系统管理',
      'icon-system',
      2,
      [
        menuDirectory('权限管理', 'icon-auth', 1, [
          menuPage('用户列表', '/sys/user', 'modules/base/views/user/index.vue', 'icon-user', 0, [
            permRow('解锁账号', [sysUser.perms.locks, sysUser.perms.unlock], 11),
          ]),
        ]),
        menuDirectory('监控管理', 'icon-monitor', 9, [
          menuPage('在线会话', '/sys/session', 'modules/base/views/session.vue', 'icon-user', 2, [
            permRow('查询', [sysSession.perms.page], 1),
            permRow('强制下线', [sysSession.perms.end], 2),
          ]),
        ]),
      ],
      '/sys',
    ),
  ],
  'menus-sessions',
);

/**
 * Choosing roles on the user page (`menus-staff`): the role list the user form offers, without the
 * role screen, so that a store manager gives her clerks the roles she may give (docs/roles.md).
 * A seed step of its own, so existing installs receive it.
 */
export const baseStaffMenus = defineMenus(
  'base',
  '1',
  [
    menuDirectory(
      '系统管理',
      'icon-system',
      2,
      [
        menuDirectory('权限管理', 'icon-auth', 1, [
          menuPage('用户列表', '/sys/user', 'modules/base/views/user/index.vue', 'icon-user', 0, [
            permRow('角色选择', [sysRole.perms.list], 12),
          ]),
        ]),
      ],
      '/sys',
    ),
  ],
  'menus-staff',
);

/**
 * The menu screen's parse and create, added as a seed step of their own (`menus-coding`) so
 * existing installs receive them. The releases before DEMO_MENUS seeded the AI coding page with
 * it; a new install gets that page from `menus-ai-code`, only with the switch on.
 */
export const baseCodingMenus = defineMenus(
  'base',
  '1',
  [
    menuDirectory(
      '系统管理',
      'icon-system',
      2,
      [
        menuDirectory('权限管理', 'icon-auth', 1, [
          menuPage('菜单列表', '/sys/menu', 'modules/base/views/menu/index.vue', 'icon-menu', 2, [
            permRow('解析', [sysMenu.perms.parse], 7),
            permRow('创建页面', [sysMenu.perms.parse, sysMenu.perms.create], 8),
          ]),
        ]),
      ],
      '/sys',
    ),
  ],
  'menus-coding',
);

/**
 * The AI fast-coding helper's page, a developer's tool: seeded only while DEMO_MENUS is on
 * (server: demoMenuSeed). Installs of the releases that seeded it with `menus-coding` keep it.
 */
export const baseAiCodeMenus = defineMenus(
  'base',
  '1',
  [
    menuDirectory('开发工具', 'icon-vue', 90, [
      menuPage('AI编码', '/helper/ai-code', 'modules/helper/views/ai-code.vue', 'icon-vue', 1, [
        permRow('预览', [baseCoding.perms.status, baseCoding.perms.preview, baseCoding.perms.getModuleTree], 1),
        permRow('AI描述', [baseCoding.perms.describe], 2),
        permRow('生成代码', [baseCoding.perms.createCode], 3),
      ]),
    ]),
  ],
  'menus-ai-code',
);

/**
 * The audit screen (issue 39), a seed step of its own (`menus-audit`) so existing installs receive
 * it: 系统管理 → 操作审计, with the family's form of view path.
 */
export const baseAuditMenus = defineMenus(
  'base',
  '1',
  [
    menuDirectory(
      '系统管理',
      'icon-system',
      2,
      [
        menuPage('操作审计', '/sys/audit', 'modules/base/views/audit.vue', 'icon-log', 10, [
          permRow('查询', [sysAudit.perms.page], 1),
          permRow('导出', [sysAudit.perms.export], 2),
        ]),
      ],
      '/sys',
    ),
  ],
  'menus-audit',
);
