import { makesCycle, sysDepartment, withDescendants } from '@backroom/contract';
import { type Session, seesDepartment } from '../../core/auth/principal.js';
import type { AppContext } from '../../core/context.js';
import { type CrudService, createCrud, type LooseTrx } from '../../core/crud/factory.js';
import { applyDepartmentScope, MAIN } from '../../core/crud/query.js';
import { formatTime } from '../../core/db/index.js';
import { badRequest, notFound, refused } from '../../core/errors.js';
import type { DeletedRows, DeletionOrigin } from '../../core/recycle.js';
import {
  allDepartments,
  deleteDepartments,
  deleteUsers,
  setDepartmentPlace,
  topDepartmentId,
  userIdsInDepartments,
} from './sys-department.repository.js';
import { moveUsers, superUserIds } from './sys-user.repository.js';

type Place = { id: number; parentId?: number | null | undefined; orderNum: number };

export type SysDepartmentService = CrudService & {
  /** Deletes departments with their sub-departments; their users move to the top one or go too. */
  remove(input: { ids: number[]; deleteUser: boolean }, session: Session, origin: DeletionOrigin): Promise<void>;
  order(places: Place[], session: Session): Promise<void>;
};

async function assertParent(trx: LooseTrx, session: Session, id: number | undefined, parentId: unknown) {
  if (parentId === undefined) return;
  if (parentId === null) {
    // A new top-level department is outside every scope but a superuser's.
    if (!session.isSuper) throw refused('dept.notInScope');
    return;
  }
  const nodes = await allDepartments(trx);
  if (!nodes.some((n) => n.id === parentId)) throw badRequest('dept.parentMissing');
  if (!seesDepartment(session, parentId as number)) throw refused('dept.notInScope');
  if (id !== undefined && makesCycle(nodes, id, parentId as number)) throw badRequest('dept.cycle');
}

export function createSysDepartmentService(ctx: AppContext): SysDepartmentService {
  const crud = createCrud(ctx, sysDepartment, {
    join: (qb) => qb.leftJoin('base_sys_department as p', 'p.id', `${MAIN}.parentId`).select('p.name as parentName'),
    scope: (qb, session) => applyDepartmentScope(qb, `${MAIN}.id`, session),
    setCreator: true,
    invalidatesAuth: true,
    async beforeWrite(data, _input, { session, trx, existing, mode }) {
      // A new department without a parent is a top-level one: only a superuser may add it.
      const parentId = mode === 'add' && data.parentId === undefined ? null : data.parentId;
      await assertParent(trx, session, existing?.id as number | undefined, parentId);
      const out = { ...data };
      if (mode === 'update') delete out.userId;
      return out;
    },
  });

  return {
    ...crud,
    async remove({ ids, deleteUser }, session, origin) {
      await ctx.db.db.transaction().execute(async (trx) => {
        await crud.touchable(trx, ids, session);
        const nodes = await allDepartments(trx);
        const top = await topDepartmentId(trx);
        const doomed = withDescendants(nodes, ids);
        if (top !== undefined && doomed.has(top)) throw badRequest('dept.topDelete');
        // Sub-departments go with their parent, so the operator must hold them too.
        for (const id of doomed) if (!seesDepartment(session, id)) throw refused('dept.notInScope');
        const users = await userIdsInDepartments(trx, [...doomed]);
        let removedUsers: DeletedRows[] = [];
        if (deleteUser) {
          if (users.includes(session.userId)) throw badRequest('user.cannotDeleteSelf');
          if (!session.isSuper && (await superUserIds(trx, users)).size > 0) throw refused('user.superOnly');
          removedUsers = await deleteUsers(trx, users);
        } else if (users.length > 0 && top !== undefined) {
          // Moving users is an update, not a deletion: the recycle bin does not record it.
          await moveUsers(trx, users, top, formatTime());
        }
        const [departments, roleLinks] = await deleteDepartments(trx, [...doomed]);
        // Departments first, then what went with them, so a restore puts parents back before children.
        await ctx.recycle.capture(trx, {
          entity: { module: sysDepartment.module, entityName: sysDepartment.entityName, table: sysDepartment.table },
          sets: [...(departments ? [departments] : []), ...removedUsers, ...(roleLinks ? [roleLinks] : [])],
          origin,
        });
      });
      ctx.gate.invalidate();
    },
    async order(places, session) {
      await ctx.db.db.transaction().execute(async (trx) => {
        const nodes = await allDepartments(trx);
        const byId = new Map(nodes.map((n) => [n.id, { ...n }]));
        for (const place of places) {
          const node = byId.get(place.id);
          // A department outside the scope is not there for this operator, as one nobody has.
          if (!node || !seesDepartment(session, place.id)) throw notFound();
          const parentId = place.parentId === undefined ? node.parentId : place.parentId;
          if (parentId !== node.parentId) {
            if (parentId !== null && !byId.has(parentId)) throw badRequest('dept.parentMissing');
            if (parentId === null ? !session.isSuper : !seesDepartment(session, parentId)) {
              throw refused('dept.notInScope');
            }
          }
          node.parentId = parentId;
          node.orderNum = place.orderNum;
        }
        const tree = [...byId.values()];
        for (const place of places) {
          const node = byId.get(place.id);
          if (node && makesCycle(tree, node.id, node.parentId)) throw badRequest('dept.cycle');
        }
        const now = formatTime();
        for (const place of places) {
          const node = byId.get(place.id);
          if (node) await setDepartmentPlace(trx, node.id, node.parentId, node.orderNum, now);
        }
      });
      ctx.gate.invalidate();
    },
  };
}
