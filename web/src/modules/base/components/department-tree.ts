import { buildTree, byOrderNum, findNode, mapTree, type SysDepartment, type TreeNode } from '@backroom/contract';

/** A row of department/list. */
export type DepartmentRow = Pick<SysDepartment, 'id' | 'name' | 'parentId' | 'orderNum'> & {
  /** A store of the chain (customers belong to stores); absent on rows from before the flag. */
  isStore?: boolean;
  parentName?: string | null;
};

export type DepartmentNode = TreeNode<DepartmentRow>;

/** The place of a department among its siblings, as department/order takes it. */
export type DepartmentPlace = { id: number; parentId: number | null; orderNum: number };

/**
 * The tree of the flat list rows, siblings by orderNum. A row whose parent is not in the list
 * (outside the user's data scope) is a root; it keeps its parentId.
 */
export function buildDepartmentTree(rows: readonly DepartmentRow[]): DepartmentNode[] {
  return buildTree(rows, byOrderNum);
}

export function findDepartment(tree: readonly DepartmentNode[], id: number): DepartmentNode | undefined {
  return findNode(tree, (node) => node.id === id);
}

/** The top department: the first one without a parent (the server moves orphaned users there). */
export function topDepartmentId(rows: readonly DepartmentRow[]): number | undefined {
  return [...rows].filter((r) => r.parentId === null).sort(byOrderNum)[0]?.id;
}

/** Where a dragged department lands relative to the node it was dropped on. */
export type DropPlace = 'inside' | 'before' | 'after';

/**
 * The tree after moving one department: `inside` makes it the target's first child, `before` and
 * `after` a sibling of the target. Dropping a node into itself or its own subtree changes nothing.
 */
export function moveDepartment(
  tree: readonly DepartmentNode[],
  dragId: number,
  targetId: number,
  place: DropPlace,
): DepartmentNode[] {
  if (dragId === targetId) return [...tree];
  const dragged = findDepartment(tree, dragId);
  if (!dragged || findDepartment([dragged], targetId)) return [...tree];
  const clone = (list: readonly DepartmentNode[]): DepartmentNode[] =>
    list.filter((n) => n.id !== dragId).map((n) => ({ ...n, children: clone(n.children) }));
  const next = clone(tree);
  const insert = (list: DepartmentNode[], parentId: number | null): boolean => {
    const index = list.findIndex((n) => n.id === targetId);
    const target = list[index];
    if (target) {
      if (place === 'inside') target.children.unshift({ ...dragged, parentId: target.id });
      else list.splice(place === 'before' ? index : index + 1, 0, { ...dragged, parentId });
      return true;
    }
    return list.some((n) => insert(n.children, n.id));
  };
  // At the top level a dropped node takes the target's own parent (which may lie outside the scope).
  insert(next, findDepartment(tree, targetId)?.parentId ?? null);
  return next;
}

/** The places that differ from the rows: what department/order must be told after a drag. */
export function changedPlaces(tree: readonly DepartmentNode[], rows: readonly DepartmentRow[]): DepartmentPlace[] {
  const before = new Map(rows.map((r) => [r.id, r]));
  const out: DepartmentPlace[] = [];
  const walk = (list: readonly DepartmentNode[]) => {
    list.forEach((node, orderNum) => {
      const old = before.get(node.id);
      if (!old || old.parentId !== node.parentId || old.orderNum !== orderNum) {
        out.push({ id: node.id, parentId: node.parentId, orderNum });
      }
      walk(node.children);
    });
  };
  walk(tree);
  return out;
}

/** Tree data for antd's TreeSelect; `disabled` marks the ids that may not be chosen. */
export type DepartmentOption = { value: number; title: string; disabled?: boolean; children: DepartmentOption[] };

export function departmentOptions(tree: readonly DepartmentNode[], disabled?: ReadonlySet<number>): DepartmentOption[] {
  return mapTree<DepartmentNode, DepartmentOption>(tree, (node, children) => ({
    value: node.id,
    title: node.name,
    disabled: disabled?.has(node.id) || undefined,
    children,
  }));
}
