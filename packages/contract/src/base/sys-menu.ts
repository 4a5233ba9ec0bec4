import { z } from 'zod';
import { col } from '../core/columns.js';
import { defineEntity, idSchema, type RowOf, returns } from '../core/entity.js';
import { label } from '../core/i18n.js';
import type { MenuParse } from './coding.js';

/** 0 directory, 1 menu, 2 permission (button). */
export const MENU_TYPES = [0, 1, 2] as const;
export type MenuType = (typeof MENU_TYPES)[number];

/** A menu as exported: no ids, children nested. */
export type MenuNode = {
  name: string;
  router?: string | null;
  perms?: string | null;
  type: MenuType;
  icon?: string | null;
  orderNum?: number;
  viewPath?: string | null;
  keepAlive?: boolean;
  isShow?: boolean;
  childMenus?: MenuNode[];
};

const routerSchema = z.string().max(255).regex(/^\//, { message: 'router' });

/** How deep an imported menu tree may nest; deeper input is refused, not recursed into. */
export const MENU_MAX_DEPTH = 10;

function menuNodeAt(depth: number): z.ZodType<MenuNode> {
  return z.object({
    name: z.string().min(1).max(100),
    router: routerSchema.nullable().optional(),
    perms: z.string().max(2000).nullable().optional(),
    type: z.union([z.literal(0), z.literal(1), z.literal(2)]),
    icon: z.string().max(100).nullable().optional(),
    orderNum: z.number().int().min(-2_147_483_648).max(2_147_483_647).optional(),
    viewPath: z.string().max(255).nullable().optional(),
    keepAlive: z.boolean().optional(),
    isShow: z.boolean().optional(),
    childMenus: (depth > 1 ? z.array(menuNodeAt(depth - 1)).max(1000) : z.array(z.never()).max(0)).optional(),
  }) as z.ZodType<MenuNode>;
}

export const menuNodeSchema: z.ZodType<MenuNode> = menuNodeAt(MENU_MAX_DEPTH);

export const sysMenu = defineEntity({
  module: 'base',
  path: 'sys/menu',
  entityName: 'BaseSysMenuEntity',
  table: 'base_sys_menu',
  label: label('菜单', '選單', 'Menu'),
  columns: {
    parentId: col.int({ label: label('上级菜单', '上級選單', 'Parent menu'), nullable: true, index: true }),
    name: col.string({ label: label('名称', '名稱', 'Name'), min: 1, max: 100 }),
    router: col.string({ label: label('路由', '路由', 'Router'), nullable: true }),
    perms: col.string({ label: label('权限', '權限', 'Permissions'), nullable: true, max: 2000 }),
    type: col.intEnum(MENU_TYPES, { label: label('类型', '類型', 'Type'), default: 0 }),
    icon: col.string({ label: label('图标', '圖示', 'Icon'), nullable: true, max: 100 }),
    orderNum: col.int({ label: label('排序', '排序', 'Order'), default: 0 }),
    viewPath: col.string({ label: label('视图地址', '視圖地址', 'View path'), nullable: true }),
    keepAlive: col.bool({ label: label('路由缓存', '路由快取', 'Keep alive'), default: true }),
    isShow: col.bool({ label: label('是否显示', '是否顯示', 'Visible'), default: true }),
  },
  query: { keyWordLikeFields: ['name', 'router', 'perms'], fieldEq: ['type', 'parentId'] },
  defaultOrder: { column: 'orderNum', sort: 'asc' },
  extra: {
    export: {
      method: 'post',
      summary: label('导出', '匯出', 'Export'),
      input: z.object({ ids: z.array(idSchema).min(1).max(5000) }),
      output: returns<MenuNode[]>(),
    },
    import: {
      method: 'post',
      summary: label('导入', '匯入', 'Import'),
      input: z.object({ menus: z.array(menuNodeSchema).min(1).max(1000) }),
      output: z.object({ count: z.number() }),
    },
    // What a CRUD screen of an entity needs, read from its declaration or a table's SQL (nothing is evaluated).
    parse: {
      method: 'post',
      summary: label('解析', '解析', 'Parse'),
      input: z
        .object({
          entity: z.string().trim().min(1).max(200).optional(),
          sql: z.string().min(1).max(20_000).optional(),
        })
        .refine((v) => (v.entity === undefined) !== (v.sql === undefined), { message: 'entityOrSql' }),
      output: returns<MenuParse>(),
    },
    // The menu page of an entity and its permission rows, in one transaction.
    create: {
      method: 'post',
      summary: label('创建', '建立', 'Create'),
      input: z.object({
        entity: z.string().trim().min(1).max(200),
        parentId: idSchema.nullable(),
        name: z.string().trim().min(1).max(100).optional(),
        icon: z.string().max(100).optional(),
        orderNum: z.number().int().min(-2_147_483_648).max(2_147_483_647).optional(),
      }),
      output: returns<{ id: number }>(),
    },
  },
});

export type SysMenu = RowOf<typeof sysMenu.columns>;
