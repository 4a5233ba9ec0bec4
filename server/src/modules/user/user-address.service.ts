import { userAddress } from '@backroom/contract';
import type { AppContext } from '../../core/context.js';
import { type CrudService, createCrud } from '../../core/crud/factory.js';
import { badRequest } from '../../core/errors.js';
import { lockAppUser, makeDefault } from './user-address.repository.js';
import { appUserExists } from './user-info.repository.js';

/**
 * App users' addresses as staff change them: the owner must be an app user, and an address made
 * the default clears the user's others in the same transaction.
 */
export function createUserAddressService(ctx: AppContext): CrudService {
  return createCrud(ctx, userAddress, {
    async beforeWrite(data, input, { trx, existing }) {
      if (data.userId !== undefined && data.userId !== existing?.userId) {
        if (!(await appUserExists(trx, Number(data.userId)))) throw badRequest('common.notFound');
      }
      // Before the address row is written, so two default changes of one user never cross.
      if (input.isDefault === true) await lockAppUser(trx, Number(data.userId ?? existing?.userId));
      return data;
    },
    async afterWrite(id, input, { trx, existing }) {
      if (input.isDefault !== true) return;
      const userId = Number(input.userId ?? existing?.userId);
      await makeDefault(trx, ctx.db.kind, userId, id);
    },
  });
}
