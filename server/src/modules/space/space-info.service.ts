import { spaceInfo } from '@backroom/contract';
import type { Session } from '../../core/auth/principal.js';
import type { AppContext } from '../../core/context.js';
import { type CrudService, createCrud } from '../../core/crud/factory.js';
import { type AnySelect, MAIN } from '../../core/crud/query.js';
import { badRequest } from '../../core/errors.js';
import { typeExists } from './space.repository.js';

/**
 * A clerk uploads (prize photos, avatars) and sees, changes and deletes only the files they added
 * themselves; every other operator holding the file space's permissions sees the whole space.
 */
export function ownFilesOnly(qb: AnySelect, session: Session): AnySelect {
  if (session.isSuper || session.userLevel !== 'clerk') return qb;
  return qb.where(`${MAIN}.userId`, '=', session.userId);
}

/**
 * Files of the file space. Rows are added by the client after base/comm/upload stored the file
 * (the family's flow); a row's category must exist, and its uploader (userId) is the operator who
 * added it, never what the client says.
 *
 * Deleting a row records it in the recycle bin (the factory does) and keeps the stored file: a
 * restore must find it again, and the same address may be in use elsewhere (an avatar, a
 * parameter, a goods image), since clients keep uploaded addresses by value.
 */
export function createSpaceInfoService(ctx: AppContext): CrudService {
  return createCrud(ctx, spaceInfo, {
    setCreator: true,
    scope: ownFilesOnly,
    async beforeWrite(data, _input, { trx, mode }) {
      if (mode === 'update') delete data.userId;
      const classifyId = data.classifyId;
      if (classifyId !== undefined && classifyId !== null && !(await typeExists(trx, Number(classifyId)))) {
        throw badRequest('space.typeMissing');
      }
      return data;
    },
  });
}
