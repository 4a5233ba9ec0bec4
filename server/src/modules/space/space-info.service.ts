import { spaceInfo } from '@backroom/contract';
import type { AppContext } from '../../core/context.js';
import { type CrudService, createCrud } from '../../core/crud/factory.js';
import { badRequest } from '../../core/errors.js';
import { typeExists } from './space.repository.js';

/**
 * Files of the file space. Rows are added by the client after base/comm/upload stored the file
 * (the family's flow); a row's category must exist.
 *
 * Deleting a row records it in the recycle bin (the factory does) and keeps the stored file: a
 * restore must find it again, and the same address may be in use elsewhere (an avatar, a
 * parameter, a goods image), since clients keep uploaded addresses by value.
 */
export function createSpaceInfoService(ctx: AppContext): CrudService {
  return createCrud(ctx, spaceInfo, {
    async beforeWrite(data, _input, { trx }) {
      const classifyId = data.classifyId;
      if (classifyId !== undefined && classifyId !== null && !(await typeExists(trx, Number(classifyId)))) {
        throw badRequest('space.typeMissing');
      }
      return data;
    },
  });
}
