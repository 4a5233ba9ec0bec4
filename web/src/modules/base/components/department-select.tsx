import { TreeSelect, type TreeSelectProps } from 'antd';
import type { DepartmentOption } from './department-tree';

type Props = Omit<TreeSelectProps<number, DepartmentOption>, 'treeData'> & { options: DepartmentOption[] };

/** A department picker over the tree, searchable by name. */
export function DepartmentSelect({ options, ...rest }: Props) {
  return (
    <TreeSelect<number, DepartmentOption>
      showSearch={{ treeNodeFilterProp: 'title' }}
      treeDefaultExpandAll
      treeData={options}
      {...rest}
    />
  );
}
