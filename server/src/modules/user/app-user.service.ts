import { type AppPerson, type UserAddress, userAddress, userInfo } from '@backroom/contract';
import type { AppSession } from '../../core/auth/gate.js';
import { hashPassword, verifyPassword } from '../../core/auth/password.js';
import type { AppContext } from '../../core/context.js';
import { createRowMapper } from '../../core/crud/query.js';
import { badRequest, notFound, unauthorized } from '../../core/errors.js';
import {
  type AddressFields,
  countAddresses,
  deleteAddresses,
  insertAddress,
  listOwnAddresses,
  lockAppUser,
  makeDefault,
  ownAddressIds,
  updateAddress,
} from './user-address.repository.js';
import { type AppUserPatch, findAppUser, updateAppUser } from './user-info.repository.js';

type PersonUpdate = {
  nickName?: string | undefined;
  avatarUrl?: string | null | undefined;
  gender?: 0 | 1 | 2 | undefined;
  description?: string | null | undefined;
  password?: string | undefined;
  oldPassword?: string | undefined;
};

type AddressInput = AddressFields & { isDefault?: boolean | undefined };

/** The throttle's key for wrong current passwords of one app user (a hard limit, no address). */
const passwordKey = (id: number) => `app-user:${id}`;

/**
 * What a signed-in app user does with their own account: their profile (the phone in clear: it is
 * theirs), a password change (the current one first; it ends every session of theirs), logout, and
 * their addresses, where another user's id is a 404 like an id that does not exist.
 */
export function createAppUserService(ctx: AppContext) {
  const { db, kind } = ctx.db;
  const toPerson = createRowMapper(userInfo.columns);
  const toAddress = createRowMapper(userAddress.columns);

  async function endSession(me: AppSession) {
    await ctx.sessions.revoke(me.sid, Math.floor(Date.now() / 1000) + ctx.tokens.lifetimes.refresh);
  }

  return {
    async person(me: AppSession): Promise<AppPerson> {
      const row = await findAppUser(db, me.userId);
      if (!row) throw unauthorized('auth.invalid');
      return toPerson(row);
    },

    async updatePerson(me: AppSession, input: PersonUpdate): Promise<void> {
      const row = await findAppUser(db, me.userId);
      if (!row) throw unauthorized('auth.invalid');
      const patch: AppUserPatch = {};
      if (input.nickName !== undefined) patch.nickName = input.nickName;
      if (input.avatarUrl !== undefined) patch.avatarUrl = input.avatarUrl;
      if (input.gender !== undefined) patch.gender = input.gender;
      if (input.description !== undefined) patch.description = input.description;
      if (input.password !== undefined) {
        if (row.password) {
          // Counted like the staff's own password change: five wrong ones and the session ends.
          const attempt = await ctx.throttle.begin(passwordKey(me.userId));
          if (!input.oldPassword || !(await verifyPassword(input.oldPassword, row.password))) {
            if (await attempt.failed(false)) await endSession(me);
            throw badRequest('user.oldPassword');
          }
          await attempt.succeeded();
        }
        patch.password = await hashPassword(input.password);
        patch.passwordV = row.passwordV + 1;
      }
      if (Object.keys(patch).length > 0) await updateAppUser(db, me.userId, patch);
    },

    logout: (me: AppSession) => endSession(me),

    async addresses(me: AppSession): Promise<UserAddress[]> {
      return (await listOwnAddresses(db, me.userId)).map(toAddress);
    },

    async addAddress(
      me: AppSession,
      input: AddressInput & { contact: string; phone: string; address: string },
    ): Promise<{ id: number }> {
      const { isDefault, ...fields } = input;
      const id = await db.transaction().execute(async (trx) => {
        await lockAppUser(trx, me.userId);
        // A user's first address is their default.
        const first = (await countAddresses(trx, me.userId)) === 0;
        const added = await insertAddress(trx, kind, me.userId, fields);
        if (isDefault === true || first) await makeDefault(trx, kind, me.userId, added);
        return added;
      });
      return { id };
    },

    async updateAddress(me: AppSession, input: AddressInput & { id: number }): Promise<void> {
      const { id, isDefault, ...fields } = input;
      await db.transaction().execute(async (trx) => {
        await lockAppUser(trx, me.userId);
        if ((await ownAddressIds(trx, me.userId, [id])).length !== 1) throw notFound();
        if (Object.keys(fields).length > 0) await updateAddress(trx, id, fields);
        if (isDefault === true) await makeDefault(trx, kind, me.userId, id);
      });
    },

    async deleteAddresses(me: AppSession, ids: readonly number[]): Promise<void> {
      const unique = [...new Set(ids)];
      await db.transaction().execute(async (trx) => {
        if ((await ownAddressIds(trx, me.userId, unique)).length !== unique.length) throw notFound();
        await deleteAddresses(trx, unique);
      });
    },

    async setDefault(me: AppSession, id: number): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await lockAppUser(trx, me.userId);
        if ((await ownAddressIds(trx, me.userId, [id])).length !== 1) throw notFound();
        await makeDefault(trx, kind, me.userId, id);
      });
    },
  };
}

export type AppUserService = ReturnType<typeof createAppUserService>;
