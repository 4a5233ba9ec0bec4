import type { Entity } from '@backroom/contract';
import type { AppContext } from '../context.js';
import { asLoose } from '../db/index.js';
import { createCrudContext } from './crud-context.js';
import type { CrudOptions, CrudService } from './crud-types.js';
import { baseQuery } from './query.js';
import { createReadPath } from './read-path.js';
import { assertOwnedWritable } from './scope.js';
import { createWritePath } from './write-path.js';

export type { CrudOptions, CrudService, LooseTrx, WriteContext } from './crud-types.js';
export { fieldLabelsOf, mountCrud } from './mount.js';

/**
 * One entity's CRUD service, from its declaration and what the module adds (CrudOptions). The
 * parts, each in its own file around one shared context (crud-context.ts):
 * - the data scope of every path: scope.ts (applyDataScope: tenant, retail ownership, module scope);
 * - the read path: read-path.ts (page, list, count, info, scan), its totals in totals.ts and a
 *   keyword's plan (the walk of the newest rows or the text index's list) in keyword-plan.ts;
 * - the write path: write-path.ts (add, update, delete, the touchable and ownership checks), its
 *   unique and dictionary checks in write-checks.ts;
 * - masking and reveal: masking.ts (createMasker, maskedForReader);
 * - the routes and Excel: mount.ts (mountCrud), excel.ts (mountExcel).
 */
export function createCrud(ctx: AppContext, entity: Entity, options: CrudOptions = {}): CrudService {
  const c = createCrudContext(ctx, entity, options);
  const service: CrudService = {
    entity,
    mapRow: c.mapRow,
    maskRow: c.maskRow,
    revealerFor: c.revealerFor,
    ...createReadPath(c),
    ...createWritePath(c),
    scopedQuery: (session, trx) => c.scoped(baseQuery(trx ? asLoose(trx) : ctx.db.loose, entity), session),
    assertWritable: (row, session) => assertOwnedWritable(entity.ownership, session, row),
    resetCounts: c.forgetCounts,
    changed: c.afterChange,
    importWarnings: options.importWarnings ?? (async () => []),
  };
  // A record's history is for whoever may see the record (core/history.ts, base/sys/audit record).
  ctx.history.register(entity, async (db, id, session) => {
    await service.touchable(db, [id], session);
  });
  return service;
}
