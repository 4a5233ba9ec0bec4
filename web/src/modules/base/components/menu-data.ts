import {
  buildTree,
  byOrderNum,
  dropEmptyChildren,
  MENU_TYPES,
  type MenuNode,
  type MenuType,
  menuNodeSchema,
  type SysMenu,
  sysMenu,
  type TableNode,
} from '@backroom/contract';
import { z } from 'zod';

/** A menu row of the management table; `children` is absent on leaves so the table shows no expander. */
export type MenuRow = TableNode<SysMenu>;

/** The tree of all menus from the flat list rows, siblings by orderNum (then id), orphans at the top. */
export function buildMenuRows(rows: readonly SysMenu[]): MenuRow[] {
  return dropEmptyChildren(buildTree(rows, byOrderNum));
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

/** The permission of a call is its path after `/admin/` with `/` read as `:` (docs/architecture.md §2). */
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

/** An entity's path as the parse and create calls name it: its prefix after `/admin/` (`dict/type`). */
export const entityPath = (entity: EpsEntity) => entity.prefix.replace(/^\/admin\//, '');

/** How the entity choosers list an entity: its description and path (`字典类型 · dict/type`), or the path alone. */
export function entityLabel(entity: EpsEntity): string {
  const description = entity.info?.type?.description;
  return description ? `${description} · ${entityPath(entity)}` : entityPath(entity);
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
