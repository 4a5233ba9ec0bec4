import { mapTree } from '@backroom/contract';
import { Alert, Form, Tree, type TreeDataNode } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useDepartments } from '../hooks/use-departments';
import type { DepartmentNode } from './department-tree';
import { PermTreeBox } from './perm-tree-box';

type Item = TreeDataNode & { key: number; children: Item[] };

const toItems = (tree: readonly DepartmentNode[]): Item[] =>
  mapTree<DepartmentNode, Item>(tree, (n, children) => ({ key: n.id, title: n.name, children }));

type Props = {
  value?: number[];
  onChange?: (value: number[]) => void;
  id?: string;
  /** The form field that links parents and children (a role's `relevance`). */
  linkedBy?: string;
};

/**
 * A role's data permissions: the department tree with checkboxes. With the role's relevance on,
 * a department brings its sub-departments (the tree links them); off, each one stands alone.
 * Only fully checked departments are sent: with relevance on, the server adds the ones below.
 */
export function DepartmentCheckTree({ value, onChange, id, linkedBy = 'relevance' }: Props) {
  const { t } = useTranslation();
  const linked = Form.useWatch(linkedBy) === true;
  const { canList, tree, query } = useDepartments();
  const items = useMemo(() => toItems(tree), [tree]);

  return (
    <PermTreeBox
      id={id}
      loading={query.isPending}
      empty={items.length === 0}
      blocked={canList ? undefined : <Alert type="info" showIcon title={t('base.role.noDepartmentAccess')} />}
    >
      <Tree<Item>
        checkable
        selectable={false}
        defaultExpandAll
        checkStrictly={!linked}
        treeData={items}
        checkedKeys={value ?? []}
        onCheck={(keys) => onChange?.((Array.isArray(keys) ? keys : keys.checked).map(Number))}
      />
    </PermTreeBox>
  );
}
