import { withAncestors } from '@backroom/contract';
import { splitPerms } from './principal.repository.js';

type MenuLike = { id: number; parentId: number | null; type: number; perms: string | null };

/**
 * The calls that open a page: the list calls named by its permission rows (`…:page`, else
 * `…:list`), each row's first such call. A page whose rows name none (the home page, a frame, a
 * page an operator added without rows) opens for whoever holds it.
 */
export function pageOpeners(menus: readonly MenuLike[], pageId: number): string[] {
  const perms = menus.filter((m) => m.parentId === pageId && m.type === 2).flatMap((m) => splitPerms(m.perms));
  const pages = perms.filter((p) => p.endsWith(':page'));
  return pages.length > 0 ? pages : perms.filter((p) => p.endsWith(':list'));
}

/**
 * The menu rows a role's sidebar may show: what it holds with the entries above it, less every page
 * it cannot open (it holds none of the page's list calls: the department list's row under the user
 * page does not open the user page), with what lies below such a page, and less every directory
 * left without a page to open below it. The permissions a role holds are not changed by this: only
 * the entries it would meet as a 403.
 */
export function openableMenuIds(
  menus: readonly MenuLike[],
  held: ReadonlySet<number>,
  perms: ReadonlySet<string>,
): Set<number> {
  const shown = withAncestors(menus, held);
  const byId = new Map(menus.map((m) => [m.id, m]));
  const closed = new Set<number>();
  for (const menu of menus) {
    if (menu.type !== 1 || !shown.has(menu.id)) continue;
    const openers = pageOpeners(menus, menu.id);
    if (openers.length > 0 && !openers.some((p) => perms.has(p))) closed.add(menu.id);
  }
  // A row below a closed page goes with it (a page's permission rows, a page nested under it).
  const underClosed = (id: number): boolean => {
    const seen = new Set<number>();
    for (let at = byId.get(id)?.parentId ?? null; at !== null && !seen.has(at); at = byId.get(at)?.parentId ?? null) {
      if (closed.has(at)) return true;
      seen.add(at);
    }
    return false;
  };
  const kept = new Set([...shown].filter((id) => !closed.has(id) && !underClosed(id)));
  const openPages = [...kept].filter((id) => byId.get(id)?.type === 1);
  const needed = withAncestors(menus, openPages);
  // A directory stays only above a page that opens; permission rows stay under what stays.
  for (const id of [...kept]) {
    const menu = byId.get(id);
    if (menu?.type === 0 && !needed.has(id)) kept.delete(id);
  }
  for (const id of [...kept]) {
    const menu = byId.get(id);
    if (menu?.type === 2 && menu.parentId !== null && !kept.has(menu.parentId)) kept.delete(id);
  }
  return kept;
}
