export type TreeNode = { id: number; parentId: number | null };

function childrenOf(nodes: readonly TreeNode[]): Map<number, number[]> {
  const children = new Map<number, number[]>();
  for (const node of nodes) {
    if (node.parentId === null) continue;
    const list = children.get(node.parentId);
    if (list) list.push(node.id);
    else children.set(node.parentId, [node.id]);
  }
  return children;
}

/** The ids given plus every id below them. */
export function withDescendants(nodes: readonly TreeNode[], ids: Iterable<number>): Set<number> {
  const children = childrenOf(nodes);
  const out = new Set<number>();
  const stack = [...ids];
  while (stack.length > 0) {
    const id = stack.pop() as number;
    if (out.has(id)) continue;
    out.add(id);
    for (const child of children.get(id) ?? []) stack.push(child);
  }
  return out;
}

/** True when making `parentId` the parent of `id` would put an item under itself. */
export function makesCycle(nodes: readonly TreeNode[], id: number, parentId: number | null): boolean {
  if (parentId === null) return false;
  return withDescendants(nodes, [id]).has(parentId);
}

/**
 * The rows with every parent before its children (the order a restore inserts them in), keeping
 * the given order among siblings. Rows whose parent is not among them count as roots.
 */
export function parentsFirst<T extends TreeNode>(rows: readonly T[]): T[] {
  const ids = new Set(rows.map((r) => r.id));
  const children = new Map<number, T[]>();
  const roots: T[] = [];
  for (const row of rows) {
    if (row.parentId === null || !ids.has(row.parentId) || row.parentId === row.id) roots.push(row);
    else {
      const list = children.get(row.parentId);
      if (list) list.push(row);
      else children.set(row.parentId, [row]);
    }
  }
  const out: T[] = [];
  const queue = [...roots];
  for (let i = 0; i < queue.length; i += 1) {
    const row = queue[i] as T;
    out.push(row);
    queue.push(...(children.get(row.id) ?? []));
  }
  // A cycle in stored data (never written by this module) would leave rows out: keep them, last.
  if (out.length < rows.length) {
    const placed = new Set(out.map((r) => r.id));
    out.push(...rows.filter((r) => !placed.has(r.id)));
  }
  return out;
}
