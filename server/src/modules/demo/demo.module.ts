import { demoMenus } from '@backroom/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../core/context.js';
import { demoMenuSeed, type SysMenuService } from '../base/index.js';
import { GOODS_TYPE_DICTIONARY, insertDictionaries } from '../dict/index.js';
import { registerDemoRoutes } from './demo.routes.js';
import { insertStarterGoods } from './goods.repository.js';
import { createGoodsService } from './goods.service.js';
import { createTenantDemoService } from './tenant.service.js';

/**
 * The demos a new team opens first: the CRUD demo's goods (every capability of the CRUD page kit
 * on one entity) and the tenant demo (an entity kept per tenant by the CRUD factory).
 */
export async function registerDemo(app: FastifyInstance, ctx: AppContext, base: { menus: SysMenuService }) {
  const goods = createGoodsService(ctx);
  const tenant = createTenantDemoService(ctx);
  registerDemoRoutes(app, ctx, { goods, tenant });
  ctx.seeds.add(demoMenuSeed(demoMenus, base.menus, ctx.config.demoMenus));
  // The goods' type dictionary (an upgraded install may lack it), then a few goods: the demo's data,
  // seeded with its menus only (DEMO_MENUS).
  ctx.seeds.add({
    module: 'demo',
    name: 'goods',
    when: { once: '1' },
    enabled: ctx.config.demoMenus,
    run: async (trx, kind) => {
      await insertDictionaries(trx, kind, [GOODS_TYPE_DICTIONARY], ctx.config.seedLocale);
      await insertStarterGoods(trx, kind, ctx.config.seedLocale);
    },
  });
  return { goods, tenant };
}
