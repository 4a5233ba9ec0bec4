import { type AuditAction, type MenuNode, makesCycle, sysMenu, withDescendants } from '@backroom/contract';
import type { Session } from '../../core/auth/principal.js';
import type { AppContext } from '../../core/context.js';
import { type CrudService, createCrud, type LooseTrx } from '../../core/crud/factory.js';
import { toStored } from '../../core/crud/query.js';
import { asLoose, formatTime, insertReturningId } from '../../core/db/index.js';
import { badRequest, refused } from '../../core/errors.js';
import { addedOf } from '../../core/history.js';
import { splitPerms } from './principal.repository.js';
import { allMenus, deleteMenus, grantMenu, type MenuRow, menusByIds, rolesOfMenu } from './sys-menu.repository.js';

export type SysMenuService = CrudService & {
  exportTree(ids: number[]): Promise<MenuNode[]>;
  importTree(menus: MenuNode[], session: Session | null, trx?: LooseTrx): Promise<number>;
  /**
   * Replaces the permission row `oldName` of the page at `router` by `rows` (permission rows of
   * that page), each given to every role that held the old one; nothing when the page has no such
   * row. True when it replaced one.
   */
  /**
   * Adds a page and its rows under `parentId` (null: at the top), in one transaction; refused when
   * a page of that router exists already (`name` says which entity, in the message).
   */
  insertPage(page: MenuNode, parentId: number | null, session: Session | null, name: string): Promise<number>;
  replacePermRow(router: string, oldName: string, rows: readonly MenuNode[], trx: LooseTrx): Promise<boolean>;
};

/**
 * Permission text on a menu is checked against what the product declares, and an operator may
 * only write permissions they hold: editing a menu must not be a way to grant oneself more.
 */
function assertPerms(perms: unknown, known: ReadonlySet<string>, session: Session | null) {
  for (const perm of splitPerms(perms as string | null)) {
    if (!known.has(perm)) throw badRequest('menu.unknownPerm', { perm });
    if (session && !session.isSuper && !session.perms.has(perm)) throw refused('role.grantMenu');
  }
}

function assertRouter(router: unknown) {
  if (typeof router === 'string' && router !== '' && !router.startsWith('/')) throw badRequest('validation.router');
}

function toNode(menu: MenuRow, children: MenuNode[]): MenuNode {
  const node: MenuNode = {
    name: menu.name,
    router: menu.router,
    perms: menu.perms,
    type: menu.type as MenuNode['type'],
    icon: menu.icon,
    orderNum: menu.orderNum,
    viewPath: menu.viewPath,
    keepAlive: Boolean(Number(menu.keepAlive)),
    isShow: Boolean(Number(menu.isShow)),
  };
  if (children.length > 0) node.childMenus = children;
  return node;
}

export function createSysMenuService(ctx: AppContext, knownPerms: ReadonlySet<string>): SysMenuService {
  const { kind } = ctx.db;
  const crud = createCrud(ctx, sysMenu, {
    invalidatesAuth: true,
    async beforeWrite(data, _input, { session, trx, existing }) {
      assertRouter(data.router);
      if (existing && data.type === 2 && (await allMenus(trx)).some((m) => m.parentId === existing.id)) {
        throw badRequest('menu.parentIsPermission');
      }
      if (data.perms !== undefined) assertPerms(data.perms, knownPerms, session);
      if (data.parentId !== undefined && data.parentId !== null) {
        const nodes = await allMenus(trx);
        const parent = nodes.find((n) => n.id === data.parentId);
        if (!parent) throw badRequest('menu.parentMissing');
        if (parent.type === 2) throw badRequest('menu.parentIsPermission');
        if (existing && makesCycle(nodes, existing.id as number, parent.id)) throw badRequest('menu.cycle');
      }
      return data;
    },
    async beforeDelete(rows, _session, trx) {
      // A menu goes with everything below it.
      const nodes = await allMenus(trx);
      const chosen = rows.map((r) => r.id as number);
      const ids = withDescendants(nodes, chosen);
      // The chosen rows are recorded by the factory; the descendants and role links go beside them.
      return await deleteMenus(trx, [...ids], chosen);
    },
  });

  async function insertTree(
    trx: LooseTrx,
    nodes: MenuNode[],
    parentId: number | null,
    session: Session | null,
    existing: MenuRow[],
    /** The event each added menu gets (an operator's import or page); none for the seeds' own rows. */
    audit: AuditAction | null,
  ) {
    let count = 0;
    for (const node of nodes) {
      assertRouter(node.router);
      assertPerms(node.perms, knownPerms, session);
      // Import merges: a node already present under the same parent (same name, type and router) is reused.
      const same = existing.find(
        (m) =>
          m.parentId === parentId &&
          m.name === node.name &&
          m.type === node.type &&
          (m.router ?? null) === (node.router ?? null),
      );
      let id: number;
      if (same) id = same.id;
      else {
        const now = formatTime();
        const stored = {
          ...toStored(kind, sysMenu.columns, {
            parentId,
            name: node.name,
            router: node.router ?? null,
            perms: node.perms ?? null,
            type: node.type,
            icon: node.icon ?? null,
            orderNum: node.orderNum ?? 0,
            viewPath: node.viewPath ?? null,
            keepAlive: node.keepAlive ?? true,
            isShow: node.isShow ?? true,
          }),
          createTime: now,
          updateTime: now,
        };
        id = await insertReturningId(asLoose(trx), kind, sysMenu.table, stored);
        if (audit && session)
          await ctx.history.record(trx, session, sysMenu, [
            { recordId: id, row: stored, action: audit, changes: addedOf(sysMenu, stored) },
          ]);
        count += 1;
      }
      if (node.childMenus && node.childMenus.length > 0) {
        if (node.type === 2) throw badRequest('menu.parentIsPermission');
        count += await insertTree(trx, node.childMenus, id, session, existing, audit);
      }
    }
    return count;
  }

  return {
    ...crud,
    async exportTree(ids) {
      const menus = await menusByIds(ctx.db.db, ids);
      const chosen = new Set(menus.map((m) => m.id));
      const build = (parentId: number | null): MenuNode[] =>
        menus
          .filter((m) => (parentId === null ? m.parentId === null || !chosen.has(m.parentId) : m.parentId === parentId))
          .map((m) => toNode(m, build(m.id)));
      return build(null);
    },
    async insertPage(page, parentId, session, name) {
      const id = await ctx.db.db.transaction().execute(async (trx) => {
        const existing = await allMenus(trx);
        if (existing.some((m) => m.type === 1 && m.router === page.router))
          throw badRequest('menu.pageExists', { name });
        if (parentId !== null) {
          const parent = existing.find((m) => m.id === parentId);
          if (!parent) throw badRequest('menu.parentMissing');
          if (parent.type === 2) throw badRequest('menu.parentIsPermission');
        }
        await insertTree(trx, [page], parentId, session, existing, 'add');
        const added = (await allMenus(trx)).find((m) => m.type === 1 && m.router === page.router);
        return added?.id ?? 0;
      });
      ctx.gate.invalidate();
      return id;
    },
    async replacePermRow(router, oldName, rows, trx) {
      const existing = await allMenus(trx);
      const page = existing.find((m) => m.type === 1 && m.router === router);
      const old = page && existing.find((m) => m.parentId === page.id && m.type === 2 && m.name === oldName);
      if (!page || !old) return false;
      const fresh = rows.filter((r) => r.name !== oldName);
      await insertTree(trx, fresh, page.id, null, existing, null);
      const holders = await rolesOfMenu(trx, old.id);
      for (const row of (await allMenus(trx)).filter(
        (m) => m.parentId === page.id && m.type === 2 && fresh.some((r) => r.name === m.name),
      )) {
        await grantMenu(trx, row.id, holders);
      }
      await deleteMenus(trx, [old.id]);
      ctx.gate.invalidate();
      return true;
    },
    async importTree(menus, session, outer) {
      const run = async (trx: LooseTrx) => insertTree(trx, menus, null, session, await allMenus(trx), 'import');
      const count = outer ? await run(outer) : await ctx.db.db.transaction().execute(run);
      ctx.gate.invalidate();
      return count;
    },
  };
}
