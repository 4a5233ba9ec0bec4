import { spaceInfo } from '@backroom/contract';
import { holds, type Session } from '../../core/auth/principal.js';
import type { AppContext } from '../../core/context.js';
import { type CrudService, createCrud } from '../../core/crud/factory.js';
import { type AnySelect, MAIN } from '../../core/crud/query.js';
import { badRequest } from '../../core/errors.js';
import type { FileLinks } from './file-links.js';
import { typeExists } from './space.repository.js';

/**
 * A clerk uploads (prize photos, avatars) and sees, changes and deletes only the files they added
 * themselves; every other operator holding the file space's permissions sees the whole space.
 */
export function ownFilesOnly(qb: AnySelect, session: Session): AnySelect {
  if (session.isSuper || session.userLevel !== 'clerk') return qb;
  return qb.where(`${MAIN}.userId`, '=', session.userId);
}

export type SpaceInfoService = CrudService & {
  /**
   * Whether a signed-in operator may read the private file at this `/upload/<key>` path: a
   * superuser always; anyone else holding the file space's info permission when the space has
   * the file among the rows their scope shows (a clerk's own, everyone's for the others).
   */
  mayRead(session: Session, path: string): Promise<boolean>;
};

/**
 * Files of the file space. Rows are added by the client after base/comm/upload stored the file
 * (the family's flow); a row's category must exist, and its uploader (userId) is the operator who
 * added it, never what the client says.
 *
 * A row keeps its address without a link's signature (the upload answered a signed link for a
 * private file; it expires), and every read answers a private file of ours as a fresh signed
 * link, rows written before private files existed too, so the family's client opens `url` as it
 * always did.
 *
 * Deleting a row records it in the recycle bin (the factory does) and keeps the stored file: a
 * restore must find it again, and the same address may be in use elsewhere (an avatar, a
 * parameter, a goods image), since clients keep uploaded addresses by value.
 */
export function createSpaceInfoService(ctx: AppContext, links: FileLinks): SpaceInfoService {
  const crud = createCrud(ctx, spaceInfo, {
    setCreator: true,
    scope: ownFilesOnly,
    afterRead(rows) {
      for (const row of rows) if (typeof row.url === 'string') row.url = links.readable(row.url);
      return rows;
    },
    async beforeWrite(data, _input, { trx, mode }) {
      if (mode === 'update') delete data.userId;
      if (typeof data.url === 'string') data.url = links.stored(data.url);
      const classifyId = data.classifyId;
      if (classifyId !== undefined && classifyId !== null && !(await typeExists(trx, Number(classifyId)))) {
        throw badRequest('space.typeMissing');
      }
      return data;
    },
  });
  const baseUrl = ctx.config.upload.baseUrl;
  return {
    ...crud,
    async mayRead(session, path) {
      if (session.isSuper) return true;
      if (!holds(session, spaceInfo.perms.info)) return false;
      const addresses = baseUrl ? [path, `${baseUrl}${path}`] : [path];
      const row = await crud
        .scopedQuery(session)
        .select(`${MAIN}.id`)
        .where(`${MAIN}.url`, 'in', addresses)
        .executeTakeFirst();
      return row !== undefined;
    },
  };
}
