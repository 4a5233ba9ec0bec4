import { helperTransformMenus } from '@backroom/contract';
import type { AppContext } from '../../core/context.js';
import { demoMenuSeed, type SysMenuService } from '../base/index.js';

/** The helper module's pages: the transform utility works in the browser, so only its menu is seeded here. */
export function registerHelper(ctx: AppContext, base: { menus: SysMenuService }) {
  ctx.seeds.add(demoMenuSeed(helperTransformMenus, base.menus, ctx.config.demoMenus));
}
