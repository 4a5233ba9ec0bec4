import type { Db } from '../../core/db/index.js';

/**
 * Gives the home page (the menu with this router and one of these view paths) to every role that lacks it: the
 * home is every staff member's first screen, whatever else their roles grant. Roles made later get
 * it as any page, by ticking it.
 */
export async function grantHomeToRoles(trx: Db, router: string, viewPaths: readonly string[]): Promise<void> {
  const home = await trx
    .selectFrom('base_sys_menu')
    .select('id')
    .where('router', '=', router)
    .where('viewPath', 'in', [...viewPaths])
    .where('type', '=', 1)
    .orderBy('id')
    .executeTakeFirst();
  if (!home) return;
  const roles = await trx
    .selectFrom('base_sys_role')
    .select('id')
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('base_sys_role_menu as rm')
            .select('rm.menuId')
            .whereRef('rm.roleId', '=', 'base_sys_role.id')
            .where('rm.menuId', '=', home.id),
        ),
      ),
    )
    .execute();
  if (roles.length > 0)
    await trx
      .insertInto('base_sys_role_menu')
      .values(roles.map((r) => ({ roleId: r.id, menuId: home.id })))
      .execute();
}
