/** A category as the tree rules see it. */
export type TypeNode = { id: number; parentId: number | null };

function childrenOf(nodes: readonly TypeNode[]): Map<number, number[]> {
  const children = new Map<number, number[]>();
  for (const node of nodes) {
    if (node.parentId === null) continue;
    const list = children.get(node.parentId) ?? [];
    list.push(node.id);
    children.set(node.parentId, list);
  }
  return children;
}

/** These categories and every category below them. */
export function withDescendants(nodes: readonly TypeNode[], ids: Iterable<number>): Set<number> {
  const children = childrenOf(nodes);
  const out = new Set<number>();
  const stack = [...ids];
  while (stack.length > 0) {
    const id = stack.pop() as number;
    if (out.has(id)) continue;
    out.add(id);
    stack.push(...(children.get(id) ?? []));
  }
  return out;
}

/** Whether putting `id` under `parentId` would put it under itself. */
export function makesCycle(nodes: readonly TypeNode[], id: number, parentId: number): boolean {
  return withDescendants(nodes, [id]).has(parentId);
}
