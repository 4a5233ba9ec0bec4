import { type Declaration, recycleData } from '@backroom/contract';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../core/context.js';
import { menuDirectory, menuPage, menuSeed, permRow, type SysMenuService } from '../base/index.js';
import { registerRecycleRoutes } from './recycle.routes.js';
import { createRecycleService } from './recycle.service.js';

/** Bumped when the recycle module's seeded menus change, so existing installs receive them. */
const MENU_SEED_VERSION = '1';

/**
 * The recycle bin: every delete of a business row is recorded here (ctx.recycle), and can be
 * restored from its screen. Records older than the `recycleKeep` days go through the
 * `recycle:retention` task.
 */
export async function registerRecycle(
  app: FastifyInstance,
  ctx: AppContext,
  base: { menus: SysMenuService },
  declarations: readonly Declaration[],
) {
  const recycle = createRecycleService(ctx, declarations);
  ctx.recycle.install(recycle);
  registerRecycleRoutes(app, ctx, recycle);
  ctx.taskHandlers.register({
    name: 'recycle:retention',
    label: { 'zh-cn': '回收站数据保留清理', 'zh-tw': '回收站資料保留清理', en: 'Recycle bin retention' },
    args: z.unknown(),
    async run(_args, signal) {
      const days = await recycle.getKeep();
      const removed = await recycle.purge(new Date(), signal);
      return { keepDays: days, removed };
    },
  });
  // One permission row per endpoint, named by its summary as the family names them (恢复数据…).
  const permRows = recycleData.endpoints
    .filter((e) => e.perm !== null)
    .map((e) => permRow(e.summary['zh-cn'], [e.perm as string]));
  ctx.seeds.add(
    menuSeed(
      'recycle',
      MENU_SEED_VERSION,
      [
        menuDirectory('数据管理', 'icon-data', 7, [
          menuPage('数据回收站', '/recycle/data', 'modules/recycle/views/data.vue', 'icon-delete', 6, permRows),
        ]),
      ],
      base.menus,
    ),
  );
  return { recycle };
}
