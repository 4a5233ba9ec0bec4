import { mapTree, type SpaceType, type TreeNode } from '@backroom/contract';

export type CategoryRow = Pick<SpaceType, 'id' | 'name' | 'parentId'>;
export type CategoryNode = TreeNode<CategoryRow>;

/** Tree-select options: every category, nested, optionally leaving one branch out (where a category cannot move). */
export type CategoryOption = { value: number; title: string; children: CategoryOption[] };
export function categoryOptions(tree: readonly CategoryNode[], without?: number): CategoryOption[] {
  return mapTree<CategoryNode, CategoryOption>(
    tree,
    (n, children) => ({ value: n.id, title: n.name, children }),
    (n) => n.id !== without,
  );
}
