import { sysMenu, sysUser, withAncestors } from '@backroom/contract';
import { hashPassword, verifyPassword } from '../../core/auth/password.js';
import type { Session } from '../../core/auth/principal.js';
import type { AppContext } from '../../core/context.js';
import { createRowMapper } from '../../core/crud/query.js';
import { formatTime } from '../../core/db/index.js';
import { AppError, badRequest, notFound } from '../../core/errors.js';
import { updatePerson } from './comm.repository.js';
import { splitPerms } from './principal.repository.js';
import { allMenus } from './sys-menu.repository.js';
import type { SysSessionService } from './sys-session.service.js';
import { findUser } from './sys-user.repository.js';

export type PersonUpdate = {
  nickName: string;
  name?: string | null | undefined;
  headImg?: string | null | undefined;
  phone?: string | null | undefined;
  email?: string | null | undefined;
  password?: string | undefined;
  originalPassword?: string | undefined;
};

/** The signed-in user's own calls: profile, menus and permissions, logout. */
export function createCommService(ctx: AppContext, allPerms: readonly string[], sessions: SysSessionService) {
  const mapUser = createRowMapper(sysUser.columns);
  const mapMenu = createRowMapper(sysMenu.columns);
  return {
    async person(session: Session) {
      const user = await findUser(ctx.db.db, session.userId);
      if (!user) throw notFound();
      return mapUser({ ...user });
    },
    async personUpdate(session: Session, input: PersonUpdate) {
      const user = await findUser(ctx.db.db, session.userId);
      if (!user) throw notFound();
      const changes: Record<string, unknown> = { nickName: input.nickName, updateTime: formatTime() };
      for (const key of ['name', 'headImg', 'phone', 'email'] as const)
        if (input[key] !== undefined) changes[key] = input[key];
      if (input.password !== undefined) {
        if (!input.originalPassword) throw badRequest('auth.originalRequired');
        // The sign-in throttle counts these guesses too: a stolen session must not try passwords freely.
        const attempt = await ctx.throttle.begin(user.username);
        if (!(await verifyPassword(input.originalPassword, user.password))) {
          if (await attempt.failed()) {
            await ctx.sessions.revoke(session.sid, Math.floor(Date.now() / 1000) + ctx.config.refreshExpire);
            throw new AppError(401, 'auth.signedOutAfterFailures');
          }
          throw new AppError(400, 'auth.originalPassword');
        }
        await attempt.succeeded();
        changes.password = await hashPassword(input.password);
        // A new password version ends every session, this one included.
        changes.passwordV = user.passwordV + 1;
      }
      await ctx.db.db.transaction().execute(async (trx) => {
        await updatePerson(trx, session.userId, changes);
        if (changes.passwordV !== undefined)
          await sessions.markUserEnded(trx, session.userId, 'password', session.userId);
      });
      ctx.gate.invalidate();
    },
    async permmenu(session: Session) {
      const menus = await allMenus(ctx.db.db);
      if (session.isSuper) {
        const perms = new Set(allPerms);
        for (const m of menus) for (const p of splitPerms(m.perms)) perms.add(p);
        return { perms: [...perms], menus: menus.map((m) => mapMenu({ ...m })) };
      }
      // A role may hold a page without its directory: bring the ancestors so the menu tree can be drawn.
      const shown = withAncestors(menus, session.menuIds);
      return {
        perms: [...session.perms],
        menus: menus.filter((m) => shown.has(m.id)).map((m) => mapMenu({ ...m })),
      };
    },
    async logout(session: Session) {
      // A session signed in before sessions were recorded has no row: its tokens are revoked all the same.
      await Promise.all([
        ctx.sessions.revoke(session.sid, Math.floor(Date.now() / 1000) + ctx.config.refreshExpire),
        sessions.endSid(session.sid, 'logout', session.userId),
      ]);
    },
  };
}
