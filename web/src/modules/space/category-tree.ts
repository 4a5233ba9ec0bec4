import type { SpaceType } from '@backroom/contract';

export type CategoryRow = Pick<SpaceType, 'id' | 'name' | 'parentId'>;
export type CategoryNode = CategoryRow & { children: CategoryNode[] };

/**
 * The category rows as a tree, in list order. A row whose parent is missing (deleted elsewhere
 * meanwhile) shows at the top rather than vanishing; a cycle cannot come from the server.
 */
export function buildCategoryTree(rows: readonly CategoryRow[]): CategoryNode[] {
  const nodes = new Map<number, CategoryNode>(rows.map((r) => [r.id, { ...r, children: [] }]));
  const roots: CategoryNode[] = [];
  for (const row of rows) {
    const node = nodes.get(row.id) as CategoryNode;
    const parent = row.parentId === null ? undefined : nodes.get(row.parentId);
    if (parent && parent !== node) parent.children.push(node);
    else roots.push(node);
  }
  return roots;
}

/** A category and every category below it (what a filter by that category shows, and what its delete takes). */
export function categoryWithDescendants(rows: readonly CategoryRow[], id: number): number[] {
  const children = new Map<number, number[]>();
  for (const row of rows) {
    if (row.parentId === null) continue;
    children.set(row.parentId, [...(children.get(row.parentId) ?? []), row.id]);
  }
  const out: number[] = [];
  const seen = new Set<number>();
  const stack = [id];
  while (stack.length > 0) {
    const next = stack.pop() as number;
    if (seen.has(next)) continue;
    seen.add(next);
    out.push(next);
    stack.push(...(children.get(next) ?? []));
  }
  return out;
}

/** Tree-select options: every category, nested, optionally leaving one branch out (where a category cannot move). */
export type CategoryOption = { value: number; title: string; children: CategoryOption[] };
export function categoryOptions(tree: readonly CategoryNode[], without?: number): CategoryOption[] {
  return tree
    .filter((n) => n.id !== without)
    .map((n) => ({ value: n.id, title: n.name, children: categoryOptions(n.children, without) }));
}
