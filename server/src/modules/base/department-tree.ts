export type TreeNode = { id: number; parentId: number | null };

/** The ids given plus every id below them. */
export function withDescendants(nodes: readonly TreeNode[], ids: Iterable<number>): Set<number> {
  const children = new Map<number, number[]>();
  for (const node of nodes) {
    if (node.parentId === null) continue;
    const list = children.get(node.parentId);
    if (list) list.push(node.id);
    else children.set(node.parentId, [node.id]);
  }
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

/** True when making `parentId` the parent of `id` would put a node under itself. */
export function makesCycle(nodes: readonly TreeNode[], id: number, parentId: number | null): boolean {
  if (parentId === null) return false;
  return withDescendants(nodes, [id]).has(parentId);
}
