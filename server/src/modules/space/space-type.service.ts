import { makesCycle, spaceType, withDescendants } from '@backroom/contract';
import type { AppContext } from '../../core/context.js';
import { type CrudService, createCrud } from '../../core/crud/factory.js';
import { badRequest } from '../../core/errors.js';
import { allTypeNodes, deleteTypesWithFiles } from './space.repository.js';

/**
 * File categories. A parent must exist and a category never moves under itself. Deleting a
 * category deletes the categories below it and every file in any of them (the screen says so
 * before it asks), in one transaction and one recycle record, so a restore brings all of it back.
 * Stored files are kept: see space-info.service.ts.
 */
export function createSpaceTypeService(ctx: AppContext): CrudService {
  return createCrud(ctx, spaceType, {
    async beforeWrite(data, _input, { trx, existing }) {
      const parentId = data.parentId;
      if (parentId === undefined || parentId === null) return data;
      const nodes = await allTypeNodes(trx);
      if (!nodes.some((n) => n.id === parentId)) throw badRequest('space.typeMissing');
      if (existing && makesCycle(nodes, Number(existing.id), Number(parentId))) throw badRequest('space.typeCycle');
      return data;
    },
    async beforeDelete(rows, _session, trx) {
      const chosen = rows.map((r) => Number(r.id));
      const all = withDescendants(await allTypeNodes(trx), chosen);
      // The chosen rows are deleted and recorded by the factory; the rest go beside them.
      return deleteTypesWithFiles(trx, [...all], chosen);
    },
  });
}
