import { crudPermRows, defineMenus, menuDirectory, menuPage, permRow } from '../core/menu.js';
import { demoGoods } from './demo-goods.js';
import { demoTenant } from './demo-tenant.js';

const goods = demoGoods.perms;
const tenant = demoTenant.perms;

/**
 * The demos under the family's tutorial directory (框架教程, /tutorial): the CRUD demo and the
 * tenant demo, with the family's routers and view paths. A step of its own (`menus-demos`), so it
 * sits beside any other demo menus the module seeds.
 */
export const demoMenus = defineMenus(
  'demo',
  '1',
  [
    menuDirectory(
      '框架教程',
      'icon-task',
      98,
      [
        menuPage('crud 示例', '/demo/crud', 'modules/demo/views/crud/index.vue', 'icon-favor', 1, [
          ...crudPermRows(goods),
          permRow('导出', [goods.export], 5),
          permRow('导入', [goods.import, goods.importCheck, goods.importCommit], 6),
        ]),
        menuPage('多租户示例', '/demo/tenant', 'modules/demo/views/tenant.vue', 'icon-user', 2, [
          ...crudPermRows(tenant),
          permRow('本租户数据', [tenant.use], 5),
          permRow('全部租户数据', [tenant.noUse], 6),
          permRow('无租户数据', [tenant.noTenant], 7),
        ]),
      ],
      '/tutorial',
    ),
  ],
  'menus-demos',
);
