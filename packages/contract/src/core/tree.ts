/**
 * Trees kept flat, as the tables store them (an id and a parentId per row): departments, menus,
 * dictionary items, file categories. The server checks moves and deletes with these; the web app
 * draws the same rows as trees. Nothing here changes the rows it is given.
 */

/** A row of a tree stored flat. */
export type TreeRow = { id: number; parentId: number | null };

/** A row with the rows below it. */
export type TreeNode<T> = T & { children: TreeNode<T>[] };

/** A node whose children may be absent (antd's tables draw an expander for any array, even an empty one). */
export type Branch<N> = { children?: readonly N[] | undefined };

/** Siblings by orderNum, then id: how every ordered tree of the product lists them. */
export function byOrderNum(a: { id: number; orderNum: number }, b: { id: number; orderNum: number }): number {
  return a.orderNum - b.orderNum || a.id - b.id;
}

function childIds(rows: readonly TreeRow[]): Map<number, number[]> {
  const children = new Map<number, number[]>();
  for (const row of rows) {
    if (row.parentId === null) continue;
    const list = children.get(row.parentId);
    if (list) list.push(row.id);
    else children.set(row.parentId, [row.id]);
  }
  return children;
}

/** The ids given and every id below them. Terminates on stored data that already holds a cycle. */
export function withDescendants(rows: readonly TreeRow[], ids: Iterable<number>): Set<number> {
  const children = childIds(rows);
  const out = new Set<number>();
  const stack = [...ids];
  for (let id = stack.pop(); id !== undefined; id = stack.pop()) {
    if (out.has(id)) continue;
    out.add(id);
    for (const child of children.get(id) ?? []) stack.push(child);
  }
  return out;
}

/** Every id below the given one, the id itself left out. */
export function descendantsOf(rows: readonly TreeRow[], id: number): Set<number> {
  const below = withDescendants(rows, [id]);
  below.delete(id);
  return below;
}

/** The ids given and every id above them (the rows a tree needs to reach them from the top). */
export function withAncestors(rows: readonly TreeRow[], ids: Iterable<number>): Set<number> {
  const parents = new Map(rows.map((row) => [row.id, row.parentId]));
  const out = new Set<number>();
  for (const id of ids) {
    let at: number | null | undefined = id;
    while (at !== null && at !== undefined && !out.has(at)) {
      out.add(at);
      at = parents.get(at);
    }
  }
  return out;
}

/**
 * Whether making `parentId` the parent of `id` would put a row under itself (it, or one of its
 * descendants). Judged against the rows given, so a batch of moves is checked as a whole.
 */
export function makesCycle(rows: readonly TreeRow[], id: number, parentId: number | null): boolean {
  if (parentId === null) return false;
  return withDescendants(rows, [id]).has(parentId);
}

/** Whether following parent links from this row comes back to it (stored data the app never writes). */
function onCycle(parents: ReadonlyMap<number, number | null>, id: number): boolean {
  const seen = new Set<number>();
  let at = parents.get(id);
  while (at !== null && at !== undefined && !seen.has(at)) {
    if (at === id) return true;
    seen.add(at);
    at = parents.get(at);
  }
  return false;
}

/**
 * The rows as a tree: new nodes, every one with a `children` array. Siblings follow `compare`, or
 * the order of the rows without it. A row whose parent is not among the rows (outside the user's
 * data scope, or deleted meanwhile) is a root and keeps its parentId; so is a row on a stored
 * parent cycle: the loop is broken there rather than followed, and no row goes missing.
 */
export function buildTree<T extends TreeRow>(rows: readonly T[], compare?: (a: T, b: T) => number): TreeNode<T>[] {
  const parents = new Map(rows.map((row) => [row.id, row.parentId]));
  const nodes = new Map<number, TreeNode<T>>();
  for (const row of rows) if (!nodes.has(row.id)) nodes.set(row.id, { ...row, children: [] });
  const roots: TreeNode<T>[] = [];
  for (const node of nodes.values()) {
    const parent = node.parentId === null ? undefined : nodes.get(node.parentId);
    if (parent && parent !== node && !onCycle(parents, node.id)) parent.children.push(node);
    else roots.push(node);
  }
  if (compare) {
    const sort = (list: TreeNode<T>[]) => {
      list.sort(compare);
      for (const node of list) sort(node.children);
    };
    sort(roots);
  }
  return roots;
}

/** The tree with `children` left out of the leaves, for antd's tables (which draw an expander for []). */
export type TableNode<T> = T & { children?: TableNode<T>[] };

export function dropEmptyChildren<T extends TreeRow>(tree: readonly TreeNode<T>[]): TableNode<T>[] {
  return mapTree<TreeNode<T>, TableNode<T>>(tree, (node, children) => ({
    ...node,
    children: children.length > 0 ? children : undefined,
  }));
}

/** A node of a flattened tree, with how deep it sits (0 for a root). */
export type FlatNode<N> = { node: N; depth: number };

/** Every node, depth first (a node, then all below it, as a tree reads top down), with its depth. */
export function flattenTree<N extends Branch<N>>(tree: readonly N[]): FlatNode<N>[] {
  const out: FlatNode<N>[] = [];
  const walk = (list: readonly N[], depth: number) => {
    for (const node of list) {
      out.push({ node, depth });
      walk(node.children ?? [], depth + 1);
    }
  };
  walk(tree, 0);
  return out;
}

/** Every node, level by level (breadth first): the roots, then every child of theirs, and so on. */
export function flattenByLevel<N extends Branch<N>>(tree: readonly N[]): FlatNode<N>[] {
  const out: FlatNode<N>[] = tree.map((node) => ({ node, depth: 0 }));
  for (let i = 0; i < out.length; i += 1) {
    const at = out[i] as FlatNode<N>;
    for (const node of at.node.children ?? []) out.push({ node, depth: at.depth + 1 });
  }
  return out;
}

/** The first node, depth first, that the test accepts. */
export function findNode<N extends Branch<N>>(tree: readonly N[], test: (node: N) => boolean): N | undefined {
  return flattenTree(tree).find(({ node }) => test(node))?.node;
}

/** The chain of nodes from a root down to the one with this id (for breadcrumbs); empty when absent. */
export function pathTo<N extends Branch<N> & { id: number }>(tree: readonly N[], id: number): N[] {
  for (const node of tree) {
    if (node.id === id) return [node];
    const below = pathTo(node.children ?? [], id);
    if (below.length > 0) return [node, ...below];
  }
  return [];
}

/**
 * The tree made into another tree (options for a select, items for antd's Tree): `map` gets each
 * node with its children already mapped; `keep` leaves a node out with everything below it.
 */
export function mapTree<N extends Branch<N>, R>(
  tree: readonly N[],
  map: (node: N, children: R[]) => R,
  keep?: (node: N) => boolean,
): R[] {
  return tree.filter((node) => keep?.(node) ?? true).map((node) => map(node, mapTree(node.children ?? [], map, keep)));
}

/**
 * The tree cut to the nodes that match and the nodes above them, so a search shows where a match
 * sits. `below` says what shows under a match: only what matches too, or all of it.
 */
export function filterTree<N extends Branch<N>>(
  tree: readonly N[],
  matches: (node: N) => boolean,
  below: 'matches' | 'all' = 'matches',
): N[] {
  const out: N[] = [];
  for (const node of tree) {
    const hit = matches(node);
    if (hit && below === 'all') {
      out.push(node);
      continue;
    }
    const children = filterTree(node.children ?? [], matches, below);
    if (hit || children.length > 0) out.push({ ...node, children: children.length > 0 ? children : undefined });
  }
  return out;
}
