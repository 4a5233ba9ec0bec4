import { sysUser, type UserLock } from '@backroom/contract';
import { hashPassword } from '../../core/auth/password.js';
import { type Session, seesDepartment } from '../../core/auth/principal.js';
import type { AppContext } from '../../core/context.js';
import { type CrudService, createCrud, type LooseTrx } from '../../core/crud/factory.js';
import { applyDepartmentScope, MAIN } from '../../core/crud/query.js';
import { formatTime } from '../../core/db/index.js';
import { badRequest, refused } from '../../core/errors.js';
import { assertRolesGrantable, assertUsersWithinReach } from './grants.js';
import { deletePasswordHistory } from './password-history.repository.js';
import { assertPasswordAllowed } from './password-policy.js';
import type { SysSessionService } from './sys-session.service.js';
import {
  deleteUserRoles,
  departmentExists,
  moveUsers,
  recordCurrentPassword,
  replaceUserRoles,
  roleIdsOfUsers,
  superUserIds,
  withDepartmentAndRoleNames,
} from './sys-user.repository.js';
import { clearTwoFactor } from './two-factor.repository.js';

async function assertDepartmentUsable(trx: LooseTrx, session: Session, departmentId: unknown) {
  if (departmentId === undefined) return;
  if (departmentId === null) {
    if (!session.isSuper) throw refused('dept.notInScope');
    return;
  }
  if (!(await departmentExists(trx, departmentId as number))) throw badRequest('dept.parentMissing');
  if (!seesDepartment(session, departmentId as number)) throw refused('dept.notInScope');
}

export type SysUserService = CrudService & {
  move(input: { departmentId: number; userIds: number[] }, session: Session): Promise<void>;
  /** The accounts the sign-in throttle holds back (core/auth/throttle.ts), of the users this operator sees. */
  locks(session: Session): Promise<UserLock[]>;
  /** Clears an account's failed sign-ins: its own count and those of its addresses. */
  unlock(id: number, session: Session): Promise<void>;
  resetTwoFactor(id: number, session: Session): Promise<void>;
};

export function createSysUserService(ctx: AppContext, sessions: SysSessionService): SysUserService {
  const crud = createCrud(ctx, sysUser, {
    // Department and role names come with the rows, in one query.
    join: (qb) => withDepartmentAndRoleNames(qb, ctx.db.kind),
    joinedOrder: { departmentName: 'd.name' },
    scope: (qb, session) => applyDepartmentScope(qb, `${MAIN}.departmentId`, session),
    filter: (qb, input) => {
      const ids = input.departmentIds as number[] | undefined;
      return ids === undefined ? qb : ids.length === 0 ? qb : qb.where(`${MAIN}.departmentId`, 'in', ids);
    },
    setCreator: true,
    invalidatesAuth: true,
    async afterRead(rows, _session, mode) {
      // The enrolment flag as a boolean on every dialect (0/1 on SQLite and MariaDB).
      for (const row of rows) {
        if ('twoFactor' in row) row.twoFactor = Boolean(row.twoFactor);
        if ('legacyPassword' in row) row.legacyPassword = Boolean(row.legacyPassword);
      }
      if (mode !== 'info') return rows;
      const roles = await roleIdsOfUsers(
        ctx.db.db,
        rows.map((r) => r.id as number),
      );
      for (const row of rows) row.roleIdList = roles.get(row.id as number) ?? [];
      return rows;
    },
    async beforeWrite(data, input, { session, trx, mode, existing }) {
      if (existing && !session.isSuper && (await superUserIds(trx, [existing.id as number])).size > 0) {
        throw refused('user.superOnly');
      }
      if (existing) await assertUsersWithinReach(trx, session, [existing.id as number]);
      // A user added without a department would sit outside every scope but a superuser's.
      await assertDepartmentUsable(
        trx,
        session,
        mode === 'add' && data.departmentId === undefined ? null : data.departmentId,
      );
      if (Array.isArray(input.roleIdList)) {
        const current = existing
          ? ((await roleIdsOfUsers(trx, [existing.id as number])).get(existing.id as number) ?? [])
          : [];
        const next = input.roleIdList as number[];
        // Only the roles that change hands need to be the operator's to give (or take).
        const changed = [...next.filter((id) => !current.includes(id)), ...current.filter((id) => !next.includes(id))];
        await assertRolesGrantable(trx, session, changed);
      }
      const out = { ...data };
      // A user's tenant is a superuser's to set; anyone else adds users to their own tenant.
      if (!session.isSuper) {
        if (mode === 'add') out.tenantId = session.tenantId;
        else if (data.tenantId !== undefined && data.tenantId !== existing?.tenantId)
          throw refused('tenant.superOnlySet');
      }
      delete out.roleIdList;
      delete out.passwordV;
      delete out.passwordChangeRequired;
      if (typeof input.password === 'string') {
        // The rules, not the history: an operator's password is temporary, its user replaces it.
        await assertPasswordAllowed(trx, {
          password: input.password,
          username: (data.username ?? existing?.username) as string | undefined,
        });
        out.password = await hashPassword(input.password);
        // A password someone else chose is changed by its user at the next sign-in.
        out.passwordChangeRequired = true;
        if (mode === 'update') out.passwordV = Number(existing?.passwordV ?? 1) + 1;
      } else if (mode === 'add') {
        throw badRequest('user.passwordRequired');
      } else {
        delete out.password;
      }
      if (mode === 'update') delete out.userId;
      return out;
    },
    async afterWrite(id, input, { trx, mode, session }) {
      if (Array.isArray(input.roleIdList)) await replaceUserRoles(trx, id, input.roleIdList as number[]);
      // A new password or a disabled account ends the user's sessions (their tokens stop by the
      // password version and the status); the session list says so.
      if (mode === 'update' && typeof input.password === 'string')
        await sessions.markUserEnded(trx, id, 'password', session.userId);
      else if (mode === 'update' && Number(input.status) === 0)
        await sessions.markUserEnded(trx, id, 'disabled', session.userId);
      if (typeof input.password === 'string') await recordCurrentPassword(trx, id);
    },
    async beforeDelete(rows, session, trx) {
      const ids = rows.map((r) => r.id as number);
      if (ids.includes(session.userId)) throw badRequest('user.cannotDeleteSelf');
      if (!session.isSuper && (await superUserIds(trx, ids)).size > 0) throw refused('user.superOnly');
      await assertUsersWithinReach(trx, session, ids);
      await deletePasswordHistory(trx, ids);
      await clearTwoFactor(trx, ids);
      return await deleteUserRoles(trx, ids);
    },
  });

  return {
    ...crud,
    async move({ departmentId, userIds }, session) {
      await ctx.db.db.transaction().execute(async (trx) => {
        await assertDepartmentUsable(trx, session, departmentId);
        await crud.touchable(trx, userIds, session);
        if (!session.isSuper && (await superUserIds(trx, userIds)).size > 0) throw refused('user.superOnly');
        await assertUsersWithinReach(trx, session, userIds);
        await moveUsers(trx, userIds, departmentId, formatTime());
      });
      ctx.gate.invalidate();
    },
    async locks(session) {
      const locks = await ctx.throttle.locks();
      // Only the users this operator may see: their data scope applies here too.
      const visible = new Set<string>();
      const names = locks.map((l) => l.username);
      for (let i = 0; i < names.length; i += 500) {
        const rows = await crud
          .scopedQuery(session)
          .select(`${MAIN}.username as username`)
          .where((eb) => eb(eb.fn('lower', [`${MAIN}.username`]), 'in', names.slice(i, i + 500)))
          .execute();
        for (const row of rows) visible.add(String(row.username).toLowerCase());
      }
      return locks.filter((l) => visible.has(l.username));
    },
    async unlock(id, session) {
      const [user] = await crud.touchable(ctx.db.db, [id], session);
      await assertUsersWithinReach(ctx.db.db, session, [id]);
      await ctx.throttle.unlock(String(user?.username ?? ''));
    },
    /** A lost phone: the user's enrolment and recovery codes go (the request log records who did it). */
    async resetTwoFactor(id, session) {
      await ctx.db.db.transaction().execute(async (trx) => {
        await crud.touchable(trx, [id], session);
        if (!session.isSuper && (await superUserIds(trx, [id])).size > 0) throw refused('user.superOnly');
        await assertUsersWithinReach(trx, session, [id]);
        await clearTwoFactor(trx, [id]);
        // One event of the user's record, the secret only "changed" (as the user's own enrolment records it).
        await ctx.history.record(trx, session, 'base/sys/user', [
          { recordId: id, recordName: null, action: 'twoFactor', changes: [{ f: 'totpSecret', w: 1 }] },
        ]);
      });
      ctx.gate.invalidate();
    },
  };
}
