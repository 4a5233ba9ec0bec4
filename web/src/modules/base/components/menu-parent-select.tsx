import { mapTree, type SysMenu, withDescendants } from '@backroom/contract';
import { TreeSelect } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { menuName } from '../../../core/i18n';
import { MenuIcon } from '../../../ui/icons';
import { buildMenuRows, type MenuRow } from './menu-data';

/** The parent select's "no parent" entry (parentId null). */
export const TOP_LEVEL = 0;

export type ParentOption = {
  value: number;
  title: string;
  menuIcon?: string | null;
  disabled?: boolean;
  children?: ParentOption[];
};

/** Directories and menus as parent choices; a menu cannot move under itself or its own children. */
export function useParentOptions(
  rows: readonly SysMenu[],
  exclude?: number,
  topLevel?: { title: string; disabled: boolean },
): ParentOption[] {
  const { i18n } = useTranslation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: names follow the language.
  return useMemo(() => {
    const blocked = exclude === undefined ? new Set<number>() : withDescendants(rows, [exclude]);
    const tree = mapTree<MenuRow, ParentOption>(
      buildMenuRows(rows),
      (r, children) => ({
        value: r.id,
        title: menuName(r.name),
        menuIcon: r.icon,
        children: children.length ? children : undefined,
      }),
      // Permissions have nothing below them.
      (r) => r.type !== 2 && !blocked.has(r.id),
    );
    return topLevel ? [{ value: TOP_LEVEL, title: topLevel.title, disabled: topLevel.disabled }, ...tree] : tree;
  }, [rows, exclude, topLevel?.title, topLevel?.disabled, i18n.language]);
}

/** A directory or menu picker, each entry with its icon, searchable by name. */
export function ParentSelect(props: {
  treeData: ParentOption[];
  value?: number;
  onChange?: (value: number) => void;
  id?: string;
}) {
  const { t } = useTranslation();
  return (
    <TreeSelect<number>
      id={props.id}
      value={props.value}
      onChange={props.onChange}
      treeData={props.treeData}
      treeDefaultExpandAll
      showSearch={{ treeNodeFilterProp: 'title' }}
      placeholder={t('base.menu.parentPlaceholder')}
      treeTitleRender={(node) => (
        <span className="menu-tree-title">
          {node.value !== TOP_LEVEL && <MenuIcon name={typeof node.menuIcon === 'string' ? node.menuIcon : null} />}
          {typeof node.title === 'string' ? node.title : null}
        </span>
      )}
      styles={{ popup: { root: { maxHeight: 360, overflow: 'auto' } } }}
    />
  );
}
