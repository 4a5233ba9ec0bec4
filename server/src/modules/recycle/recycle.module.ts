import { type Declaration, recycleMenus } from '@backroom/contract';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../core/context.js';
import { menuSeed, type SysMenuService } from '../base/index.js';
import { registerRecycleRoutes } from './recycle.routes.js';
import { createRecycleService } from './recycle.service.js';

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
  ctx.seeds.add(menuSeed(recycleMenus, base.menus));
  return { recycle };
}
