import { baseMessageMenus, baseNotice, menuPages, sysDepartment, sysUser, withAncestors } from '@backroom/contract';
import type { AppContext } from '../../core/context.js';
import type { Db } from '../../core/db/index.js';
import { menuSeed } from './base.seed.js';
import { splitPerms } from './principal.repository.js';
import type { SysMenuService } from './sys-menu.service.js';

/**
 * Every role may open its own messages; the store managers' roles (`store<n>.manager`, the starter
 * chain's) may write announcements to their store and read the receipts. Roles made later are
 * given the page on the role screen like any other.
 */
async function grantMessagePages(trx: Db): Promise<void> {
  const menus = await trx.selectFrom('base_sys_menu').select(['id', 'parentId', 'type', 'router', 'perms']).execute();
  const page = menus.find((m) => m.type === 1 && m.router === '/base/message');
  const noticePerms = new Set(Object.values(baseNotice.perms));
  const noticeRows = menus
    .filter((m) => m.type === 2 && splitPerms(m.perms).some((p) => noticePerms.has(p)))
    .map((m) => m.id);
  const everyone = page ? [...withAncestors(menus, [page.id])] : [];
  const managers = [...withAncestors(menus, noticeRows)];
  const roles = await trx.selectFrom('base_sys_role').select(['id', 'label']).execute();
  const held = await trx.selectFrom('base_sys_role_menu').select(['roleId', 'menuId']).execute();
  const has = new Set(held.map((h) => `${h.roleId}.${h.menuId}`));
  const rows: { roleId: number; menuId: number }[] = [];
  for (const role of roles) {
    const grant = role.label?.endsWith('.manager') ? [...everyone, ...managers] : everyone;
    for (const menuId of new Set(grant)) if (!has.has(`${role.id}.${menuId}`)) rows.push({ roleId: role.id, menuId });
  }
  if (rows.length > 0) await trx.insertInto('base_sys_role_menu').values(rows).execute();
}

/**
 * The announcement's add and update rows grant the department and user lists its audience is
 * picked from (a store manager holds neither otherwise). The first release of the rows had only the
 * notice's own calls; an install that has them as seeded (the text unchanged) gets the lists added
 * once. A row an operator edited is hers and stays as it is.
 */
async function widenNoticeRows(trx: Db): Promise<void> {
  const audience = [sysDepartment.perms.list, sysUser.perms.list];
  const page = menuPages([...baseMessageMenus.tree]).find((node) => node.router === '/base/notice');
  const widened = (page?.childMenus ?? []).filter((row) => audience.every((p) => splitPerms(row.perms).includes(p)));
  for (const row of widened) {
    const before = splitPerms(row.perms)
      .filter((p) => !audience.includes(p))
      .join(',');
    const noticePage = trx
      .selectFrom('base_sys_menu')
      .select('id')
      .where('type', '=', 1)
      .where('router', '=', '/base/notice');
    await trx
      .updateTable('base_sys_menu')
      .set({ perms: row.perms ?? null })
      .where('type', '=', 2)
      .where('perms', '=', before)
      .where('parentId', 'in', noticePage)
      .execute();
  }
}

/** The message center's seed steps: its menus, then who may open them (once, after the starter chain). */
export function addMessageSeeds(ctx: AppContext, menus: SysMenuService): void {
  ctx.seeds.add(menuSeed(baseMessageMenus, menus));
  ctx.seeds.add({ module: 'base', name: 'notice-audience', when: { once: '1' }, run: (trx) => widenNoticeRows(trx) });
}

/** Added last of all (after every module's roles exist): the grants above. */
export function messageGrantSeed(ctx: AppContext): void {
  ctx.seeds.add({ module: 'base', name: 'message-grants', when: { once: '1' }, run: (trx) => grantMessagePages(trx) });
}
