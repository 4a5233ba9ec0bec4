import { type Person, type SysUser, sysMenu, sysUser, type TokenPair } from '@backroom/contract';
import { hashPassword, verifyPassword } from '../../core/auth/password.js';
import type { Session } from '../../core/auth/principal.js';
import type { AppContext } from '../../core/context.js';
import { createRowMapper } from '../../core/crud/query.js';
import { formatTime, toDbBool } from '../../core/db/index.js';
import { AppError, badRequest, notFound } from '../../core/errors.js';
import { updatePerson } from './comm.repository.js';
import { openableMenuIds } from './menu-reach.js';
import { assertPasswordAllowed, readPasswordPolicy } from './password-policy.js';
import { splitPerms } from './principal.repository.js';
import { allMenus } from './sys-menu.repository.js';
import type { SignInClient, SysSessionService } from './sys-session.service.js';
import { findUser, recordCurrentPassword } from './sys-user.repository.js';
import type { TwoFactorService } from './two-factor.service.js';

export type PersonUpdate = {
  nickName: string;
  name?: string | null | undefined;
  headImg?: string | null | undefined;
  phone?: string | null | undefined;
  email?: string | null | undefined;
  password?: string | undefined;
  originalPassword?: string | undefined;
};

type StoredUser = { id: number; username: string; password: string; passwordV: number };

/** The signed-in user's own calls: profile, menus and permissions, logout, the password. */
export function createCommService(
  ctx: AppContext,
  allPerms: readonly string[],
  sessions: SysSessionService,
  twoFactor: TwoFactorService,
) {
  const mapUser = createRowMapper(sysUser.columns);
  const mapMenu = createRowMapper(sysMenu.columns);

  /**
   * Checks the original password (counted by the sign-in throttle: a stolen session must not try
   * passwords freely) and the policy; answers the columns that set the new one. The new password
   * version ends every session, and the user's own choice clears a forced change.
   */
  async function ownPasswordChange(session: Session, user: StoredUser, original: string, password: string) {
    const attempt = await ctx.throttle.begin(user.username);
    if (!(await verifyPassword(original, user.password))) {
      if (await attempt.failed()) {
        await ctx.sessions.revoke(session.sid, Math.floor(Date.now() / 1000) + ctx.config.refreshExpire);
        throw new AppError(401, 'auth.signedOutAfterFailures');
      }
      throw new AppError(400, 'auth.originalPassword');
    }
    await attempt.succeeded();
    await assertPasswordAllowed(ctx.db.db, { password, username: user.username, userId: user.id });
    return {
      password: await hashPassword(password),
      passwordV: user.passwordV + 1,
      passwordChangeRequired: toDbBool(ctx.db.kind, false),
    };
  }

  return {
    async person(session: Session): Promise<Person> {
      const user = await findUser(ctx.db.db, session.userId);
      if (!user) throw notFound();
      return {
        ...(mapUser({ ...user }) as SysUser),
        pendingStep: session.pendingStep,
        twoFactor: !!user.totpSecret,
        isSuper: session.isSuper,
        multiTenant: ctx.config.multiTenant,
        idleSignOutMinutes: await sessions.idleMinutes(session),
      };
    },
    async personUpdate(session: Session, input: PersonUpdate) {
      const user = await findUser(ctx.db.db, session.userId);
      if (!user) throw notFound();
      const changes: Record<string, unknown> = { nickName: input.nickName, updateTime: formatTime() };
      for (const key of ['name', 'headImg', 'phone', 'email'] as const)
        if (input[key] !== undefined) changes[key] = input[key];
      if (input.password !== undefined) {
        if (!input.originalPassword) throw badRequest('auth.originalRequired');
        Object.assign(changes, await ownPasswordChange(session, user, input.originalPassword, input.password));
      }
      await ctx.db.db.transaction().execute(async (trx) => {
        await updatePerson(trx, session.userId, changes);
        // One event of the user's own record: the profile fields changed, the password only "changed".
        await ctx.history.recordChanges(
          trx,
          session,
          sysUser,
          [user],
          changes,
          changes.password !== undefined ? 'password' : 'update',
        );
        if (changes.passwordV !== undefined)
          await sessions.markUserEnded(trx, session.userId, 'password', session.userId);
        if (changes.password !== undefined) await recordCurrentPassword(trx, session.userId);
      });
      ctx.gate.invalidate();
    },
    /** The user's own password change; the session goes on as a new one (the change ends every older one). */
    async passwordChange(
      session: Session,
      input: { originalPassword: string; password: string },
      client: SignInClient,
    ): Promise<TokenPair> {
      const user = await findUser(ctx.db.db, session.userId);
      if (!user) throw notFound();
      const changes = await ownPasswordChange(session, user, input.originalPassword, input.password);
      await ctx.db.db.transaction().execute(async (trx) => {
        await updatePerson(trx, session.userId, { ...changes, updateTime: formatTime() });
        await ctx.history.recordChanges(trx, session, sysUser, [user], changes, 'password');
        await recordCurrentPassword(trx, session.userId);
        // Every older session leaves the list (their tokens carry the old password version)…
        await sessions.markUserEnded(trx, session.userId, 'password', session.userId);
      });
      ctx.gate.invalidate();
      // …and the new one is recorded like a sign-in: listed, counted by sessionLimit, endable.
      return sessions.start({ ...user, passwordV: changes.passwordV }, client);
    },
    passwordPolicy: () => readPasswordPolicy(ctx.db.db),
    twoFactorSetup: (session: Session) => twoFactor.setup(session),
    twoFactorEnable: (session: Session, code: string) => twoFactor.enable(session, code),
    /**
     * Turning 2FA off takes the password and a current code; a wrong one of either counts with the
     * sign-in throttle (account, pair and address), and the account's 5th ends this session.
     */
    async twoFactorDisable(session: Session, input: { code: string; password: string }, client: { ip: string }) {
      if (session.twoFactorRequired) throw badRequest('auth.twoFactorRoleRequires');
      if (!(await twoFactor.enabled(session.userId))) throw badRequest('auth.twoFactorNotEnabled');
      const user = await findUser(ctx.db.db, session.userId);
      if (!user) throw notFound();
      const attempt = await ctx.throttle.begin(user.username, client.ip);
      await attempt.pause();
      const passwordOk = await verifyPassword(input.password, user.password);
      // The code is checked only after the right password, so a wrong password never uses up a step.
      const codeOk = passwordOk && (await twoFactor.verify(user.id, input.code, { recovery: false }));
      if (!codeOk) {
        if (await attempt.failed()) {
          await Promise.all([
            ctx.sessions.revoke(session.sid, Math.floor(Date.now() / 1000) + ctx.config.refreshExpire),
            sessions.endSid(session.sid, 'forced', null),
          ]);
          throw new AppError(401, 'auth.signedOutAfterFailures');
        }
        throw badRequest('auth.twoFactorDisableWrong');
      }
      await attempt.succeeded();
      await twoFactor.disable(session, input.code, session.twoFactorRequired, { verified: true });
    },
    async permmenu(session: Session) {
      const menus = await allMenus(ctx.db.db);
      if (session.isSuper) {
        const perms = new Set(allPerms);
        for (const m of menus) for (const p of splitPerms(m.perms)) perms.add(p);
        return { perms: [...perms], menus: menus.map((m) => mapMenu({ ...m })) };
      }
      // A role may hold a page without its directory: the ancestors come so the tree can be drawn;
      // a page the role cannot open (none of its list calls held) stays out of the sidebar.
      const shown = openableMenuIds(menus, session.menuIds, session.perms);
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
