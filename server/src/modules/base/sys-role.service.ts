import { SUPER_ROLE_LABEL, sysRole } from '@backroom/contract';
import type { Session } from '../../core/auth/principal.js';
import type { AppContext } from '../../core/context.js';
import { type CrudService, createCrud } from '../../core/crud/factory.js';
import { MAIN } from '../../core/crud/query.js';
import { refused } from '../../core/errors.js';
import { assertMenusGrantable, assertRoleReachGrantable } from './grants.js';
import {
  deleteRoleLinks,
  departmentIdsOfRoles,
  grantableRole,
  menuIdsOfRoles,
  replaceRoleDepartments,
  replaceRoleMenus,
} from './sys-role.repository.js';

export function createSysRoleService(ctx: AppContext): CrudService {
  const isSuperRole = (row: Record<string, unknown> | undefined) => row?.label === SUPER_ROLE_LABEL;
  const assertMayChange = (row: Record<string, unknown> | undefined, session: Session) => {
    if (!row || session.isSuper) return;
    if (isSuperRole(row)) throw refused('user.superOnly');
    // A role offered to give (grantableRole) is someone else's to change: the clerk role of every store.
    if (row.userId !== session.userId && !session.roleIds.includes(row.id as number))
      throw refused('role.notYours', { name: String(row.name ?? '') });
  };
  return createCrud(ctx, sysRole, {
    // A superuser sees every role; anyone else the roles they created, the roles they hold and
    // the roles they could give (to choose on the user form); they change only the first two.
    scope: (qb, session) =>
      session.isSuper
        ? qb
        : qb.where((eb) =>
            eb.or([
              eb(`${MAIN}.userId`, '=', session.userId),
              ...(session.roleIds.length > 0 ? [eb(`${MAIN}.id`, 'in', [...session.roleIds])] : []),
              grantableRole(eb, session),
            ]),
          ),
    setCreator: true,
    invalidatesAuth: true,
    async afterRead(rows, _session, mode) {
      if (mode !== 'info') return rows;
      const ids = rows.map((r) => r.id as number);
      const [menus, departments] = await Promise.all([
        menuIdsOfRoles(ctx.db.db, ids),
        departmentIdsOfRoles(ctx.db.db, ids),
      ]);
      for (const row of rows) {
        row.menuIdList = menus.get(row.id as number) ?? [];
        row.departmentIdList = departments.get(row.id as number) ?? [];
      }
      return rows;
    },
    async beforeWrite(data, input, { session, existing, mode, trx }) {
      assertMayChange(existing, session);
      if (isSuperRole(existing) && data.label !== undefined && data.label !== SUPER_ROLE_LABEL) {
        throw refused('role.superLocked');
      }
      if (!session.isSuper && data.label === SUPER_ROLE_LABEL) throw refused('user.superOnly');
      if (Array.isArray(input.menuIdList)) assertMenusGrantable(session, input.menuIdList as number[]);
      // What the role will reach after this write: its (new or kept) departments under its (new or kept) relevance.
      const relevance = Boolean(Number(data.relevance ?? existing?.relevance ?? false));
      const departments = Array.isArray(input.departmentIdList)
        ? (input.departmentIdList as number[])
        : existing
          ? ((await departmentIdsOfRoles(trx, [existing.id as number])).get(existing.id as number) ?? [])
          : [];
      if (Array.isArray(input.departmentIdList) || data.relevance !== undefined) {
        await assertRoleReachGrantable(trx, session, departments, relevance);
      }
      const out = { ...data };
      delete out.menuIdList;
      delete out.departmentIdList;
      if (mode === 'update') delete out.userId;
      return out;
    },
    async afterWrite(id, input, { trx }) {
      if (Array.isArray(input.menuIdList)) await replaceRoleMenus(trx, id, input.menuIdList as number[]);
      if (Array.isArray(input.departmentIdList))
        await replaceRoleDepartments(trx, id, input.departmentIdList as number[]);
    },
    async beforeDelete(rows, session, trx) {
      if (rows.some(isSuperRole)) throw refused('role.superLocked');
      for (const row of rows) assertMayChange(row, session);
      return await deleteRoleLinks(
        trx,
        rows.map((r) => r.id as number),
      );
    },
  });
}
