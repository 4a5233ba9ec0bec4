import { dictInfo, dictType } from '@backroom/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../core/context.js';
import { type SysMenuService, seedModuleMenus } from '../base/index.js';
import { registerRecycleRelations } from '../recycle/index.js';
import { DICT_MENU_SEED_VERSION, dictMenus } from './dict.menu.js';
import { registerDictInfoRoutes } from './dict-info.routes.js';
import { createDictInfoService } from './dict-info.service.js';
import { registerDictTypeRoutes } from './dict-type.routes.js';
import { createDictTypeService } from './dict-type.service.js';

/**
 * The dictionary: types (a key and a name) and the items of each type as a tree, the open types
 * call and the data map every screen labels its values with. The starter dictionaries come with
 * the tables (migration 20261122000400).
 */
export async function registerDict(app: FastifyInstance, ctx: AppContext, base: { menus: SysMenuService }) {
  const types = createDictTypeService(ctx);
  const items = createDictInfoService(ctx);
  registerDictTypeRoutes(app, ctx, types);
  registerDictInfoRoutes(app, ctx, items);
  // A restore puts a type back before its items and a parent item before its children.
  registerRecycleRelations(dictInfo.table, {
    references: [
      { column: 'typeId', table: dictType.table },
      { column: 'parentId', table: dictInfo.table },
    ],
  });
  await seedModuleMenus(ctx, base.menus, 'dict', DICT_MENU_SEED_VERSION, dictMenus);
  return { types, items };
}
