import { dictInfo, dictMenus, dictType } from '@backroom/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../core/context.js';
import { menuSeed, type SysMenuService } from '../base/index.js';
import { registerRecycleRelations } from '../recycle/index.js';
import { dictionaryLabelsSeed, insertStarterDictionaries, STARTER_DICTIONARIES } from './dict.seed.js';
import { registerDictInfoRoutes } from './dict-info.routes.js';
import { createDictInfoService } from './dict-info.service.js';
import { registerDictTypeRoutes } from './dict-type.routes.js';
import { createDictTypeService } from './dict-type.service.js';

/**
 * The dictionary: types (a key and a name) and the items of each type as a tree, the open types
 * call and the data map every screen labels its values with, and the starter dictionaries of a
 * new install.
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
  ctx.seeds.add(menuSeed(dictMenus, base.menus));
  ctx.seeds.add({
    module: 'dict',
    name: 'dictionaries',
    when: { once: '1' },
    run: (trx, kind) => insertStarterDictionaries(trx, kind, ctx.config.seedLocale),
  });
  ctx.seeds.add(dictionaryLabelsSeed('dict', STARTER_DICTIONARIES));
  return { types, items };
}
