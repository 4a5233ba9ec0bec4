import { TreeSelect, type TreeSelectProps } from 'antd';
import type { CategoryOption } from '../category-tree';

type Props = Omit<TreeSelectProps<number | null, CategoryOption>, 'treeData'> & { options: CategoryOption[] };

/** A category picker over the tree, every branch open; empty means no category. */
export function CategorySelect({ options, ...rest }: Props) {
  return (
    <TreeSelect<number | null, CategoryOption>
      allowClear
      treeDefaultExpandAll
      treeData={options}
      fieldNames={{ label: 'title', value: 'value', children: 'children' }}
      {...rest}
    />
  );
}
