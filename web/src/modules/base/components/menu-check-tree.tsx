import { flattenTree, mapTree, sysMenu } from '@backroom/contract';
import { Tree, type TreeDataNode } from 'antd';
import { useMemo } from 'react';
import { useEntityList } from '../../../core/crud/parts';
import { menuName } from '../../../core/i18n';
import { buildMenuTree, type MenuItem, useMenus } from '../../../core/menu';
import { PermTreeBox } from './perm-tree-box';

type Item = TreeDataNode & { key: number; children: Item[] };

const toItems = (list: readonly MenuItem[]): Item[] =>
  mapTree<MenuItem, Item>(list, (m, children) => ({ key: m.id, title: menuName(m.name), children }));

const leafIds = (items: readonly Item[]): Set<number> =>
  new Set(
    flattenTree(items)
      .filter(({ node }) => node.children.length === 0)
      .map(({ node }) => node.key),
  );

type Props = { value?: number[]; onChange?: (value: number[]) => void; id?: string };

/**
 * A role's function permissions: the menu tree with checkboxes. The value holds the checked menus
 * and their half-checked parents (a menu shows only with its parents); on display only the leaves
 * are given to the tree, which works out the parents itself.
 */
export function MenuCheckTree({ value, onChange, id }: Props) {
  const { canList, query } = useEntityList(sysMenu, ['base', 'menus', 'all']);
  // Without the menu list, the user's own menus are exactly what they may grant.
  const own = useMenus((s) => s.rows);
  const rows = canList ? query.data : own;
  const items = useMemo(() => toItems(buildMenuTree(rows ?? [])), [rows]);
  const leaves = useMemo(() => leafIds(items), [items]);
  const checked = (value ?? []).filter((key) => leaves.has(key));

  return (
    <PermTreeBox id={id} loading={canList && query.isPending} empty={items.length === 0}>
      <Tree<Item>
        checkable
        selectable={false}
        defaultExpandAll
        treeData={items}
        checkedKeys={checked}
        onCheck={(keys, info) => {
          const full = Array.isArray(keys) ? keys : keys.checked;
          onChange?.([...full, ...(info.halfCheckedKeys ?? [])].map(Number));
        }}
      />
    </PermTreeBox>
  );
}
