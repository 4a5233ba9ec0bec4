import { MENU_TYPES, type MenuNode, type MenuType, menuNodeSchema, type SysMenu, sysMenu } from '@backroom/contract';
import { z } from 'zod';

/** A menu row of the management table; `children` is absent on leaves so the table shows no expander. */
export type MenuRow = SysMenu & { children?: MenuRow[] };

/** The tree of all menus from the flat list rows, siblings by orderNum (then id). */
export function buildMenuRows(rows: readonly SysMenu[]): MenuRow[] {
  const byParent = new Map<number | null, SysMenu[]>();
  const ids = new Set(rows.map((r) => r.id));
  for (const row of rows) {
    // A row whose parent is gone shows at the top rather than disappearing.
    const parent = row.parentId !== null && ids.has(row.parentId) ? row.parentId : null;
    const list = byParent.get(parent) ?? [];
    list.push(row);
    byParent.set(parent, list);
  }
  const seen = new Set<number>();
  const build = (parent: number | null): MenuRow[] =>
    [...(byParent.get(parent) ?? [])]
      .sort((a, b) => a.orderNum - b.orderNum || a.id - b.id)
      .filter((row) => !seen.has(row.id))
      .map((row) => {
        seen.add(row.id);
        const children = build(row.id);
        return children.length > 0 ? { ...row, children } : { ...row, children: undefined };
      });
  return build(null);
}

/** The rows matching a keyword, with the ancestors that lead to them. */
export function filterMenuRows(tree: readonly MenuRow[], matches: (row: MenuRow) => boolean): MenuRow[] {
  const out: MenuRow[] = [];
  for (const row of tree) {
    if (matches(row)) {
      out.push(row);
      continue;
    }
    const children = filterMenuRows(row.children ?? [], matches);
    if (children.length > 0) out.push({ ...row, children });
  }
  return out;
}

/** Every id in the given subtrees, the roots included. */
export function collectIds(rows: readonly MenuRow[]): number[] {
  return rows.flatMap((row) => [row.id, ...collectIds(row.children ?? [])]);
}

/** How many entries sit below a menu (all levels). */
export function countDescendants(rows: readonly SysMenu[], id: number): number {
  let count = 0;
  const queue = [id];
  const seen = new Set(queue);
  while (queue.length > 0) {
    const current = queue.shift();
    for (const row of rows) {
      if (row.parentId === current && !seen.has(row.id)) {
        seen.add(row.id);
        queue.push(row.id);
        count += 1;
      }
    }
  }
  return count;
}

/** A menu and everything below it: the parents it may not move under. */
export function subtreeIds(rows: readonly SysMenu[], id: number): Set<number> {
  const ids = new Set([id]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const row of rows) {
      if (row.parentId !== null && ids.has(row.parentId) && !ids.has(row.id)) {
        ids.add(row.id);
        grew = true;
      }
    }
  }
  return ids;
}

/** Permission text is a comma-separated list. */
export function splitPerms(perms: string | null | undefined): string[] {
  return (perms ?? '')
    .split(',')
    .map((p) => p.trim())
    .filter((p) => p !== '');
}

export const isMenuType = (value: unknown): value is MenuType => MENU_TYPES.some((t) => t === value);

/* ---------- EPS: the permission strings an entity offers ---------- */

export type EpsApi = { method: string; path: string; summary: string; ignoreToken?: boolean };
export type EpsEntity = {
  module: string;
  name?: string;
  prefix: string;
  info?: { type?: { name?: string; description?: string } };
  api: EpsApi[];
};
export type Eps = Record<string, EpsEntity[]>;

/** DESIGN §4: the permission of a call is its path after `/admin/` with `/` read as `:`. */
export function permOfApi(prefix: string, path: string): string {
  return `${prefix.replace(/^\/?admin\//, '').replace(/^\//, '')}/${path.replace(/^\//, '')}`.replaceAll('/', ':');
}

export type EntityPerm = { perm: string; summary: string };

/** The permissions of an entity's calls, leaving out the calls that need no token. */
export function entityPerms(entity: EpsEntity): EntityPerm[] {
  return entity.api
    .filter((a) => !a.ignoreToken)
    .map((a) => ({ perm: permOfApi(entity.prefix, a.path), summary: a.summary }));
}

/** EPS entries in one list, keyed by their prefix. */
export function epsEntities(eps: Eps | undefined): EpsEntity[] {
  if (!eps || typeof eps !== 'object') return [];
  return Object.values(eps)
    .filter((list): list is EpsEntity[] => Array.isArray(list))
    .flat()
    .filter((e) => typeof e?.prefix === 'string' && Array.isArray(e.api));
}

/* ---------- Export and import files ---------- */

/** `backroom-menus-20250131.json`, in local time. */
export function exportFileName(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `backroom-menus-${date.getFullYear()}${pad(date.getMonth() + 1)}${pad(date.getDate())}.json`;
}

const importInput =
  sysMenu.endpoints.find((e) => e.action === 'import')?.input ??
  z.object({ menus: z.array(menuNodeSchema).min(1).max(1000) });

const TEXT_FIELDS = ['router', 'perms', 'icon', 'viewPath'] as const;
const FLAG_FIELDS = ['keepAlive', 'isShow'] as const;

/**
 * Files exported by other installs of the family carry ids, times, empty strings for "none" and
 * 0/1 flags: keep what a menu node is, and read those loose values the way they were meant.
 */
function tidyNode(value: unknown, depth: number): unknown {
  if (depth > 50 || value === null || typeof value !== 'object' || Array.isArray(value)) return value;
  const node: Record<string, unknown> = { ...(value as Record<string, unknown>) };
  for (const key of TEXT_FIELDS) if (node[key] === '') node[key] = null;
  for (const key of FLAG_FIELDS) if (node[key] === 0 || node[key] === 1) node[key] = node[key] === 1;
  if (typeof node.type === 'string' && /^[012]$/.test(node.type)) node.type = Number(node.type);
  if (Array.isArray(node.childMenus)) {
    node.childMenus = node.childMenus.length > 0 ? node.childMenus.map((c) => tidyNode(c, depth + 1)) : undefined;
  }
  return node;
}

export type ParsedMenus =
  | { ok: true; menus: MenuNode[]; count: number }
  | { ok: false; reason: 'json' | 'shape'; where?: string };

/** Reads an import file: a JSON array of menus (`childMenus` nested), as the export writes it. */
export function parseMenuFile(text: string): ParsedMenus {
  let data: unknown;
  try {
    data = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch {
    return { ok: false, reason: 'json' };
  }
  if (!Array.isArray(data) || data.length === 0) return { ok: false, reason: 'shape' };
  const result = importInput.safeParse({ menus: data.map((n) => tidyNode(n, 0)) });
  if (!result.success) {
    const issue = result.error.issues[0];
    const path = (issue?.path ?? []).slice(1);
    const where = path.map((p) => (typeof p === 'number' ? `[${p}]` : `.${String(p)}`)).join('');
    return { ok: false, reason: 'shape', where: where.replace(/^\./, '') || undefined };
  }
  const menus = (result.data as { menus: MenuNode[] }).menus;
  return { ok: true, menus, count: countNodes(menus) };
}

export function countNodes(nodes: readonly MenuNode[]): number {
  return nodes.reduce((sum, node) => sum + 1 + countNodes(node.childMenus ?? []), 0);
}

/** Every permission string an import file would write. */
export function nodePerms(nodes: readonly MenuNode[]): string[] {
  return nodes.flatMap((node) => [...splitPerms(node.perms), ...nodePerms(node.childMenus ?? [])]);
}
