import { sysDepartment } from '@backroom/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TreeProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { useFeedback } from '../../../core/app-feedback';
import { call } from '../../../core/request';
import {
  changedPlaces,
  type DepartmentNode,
  type DepartmentPlace,
  type DepartmentRow,
  type DropPlace,
  findDepartment,
  moveDepartment,
} from '../components/department-tree';
import { DEPARTMENTS_KEY } from './use-departments';

/**
 * Dragging in the department tree: the tree shows the new places at once and department/order
 * saves them; refused or not, the server's order is what shows afterwards. `onDroppedInside`
 * names the department that got a new child (to open it).
 */
export function useDepartmentDrop(
  rows: readonly DepartmentRow[],
  tree: readonly DepartmentNode[],
  onDroppedInside: (targetId: number) => void,
): NonNullable<TreeProps['onDrop']> {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const queryClient = useQueryClient();

  const order = useMutation({
    mutationFn: (places: DepartmentPlace[]) => call(sysDepartment.api.order, places),
    onSuccess: () => void message.success(t('base.user.ordered')),
    onSettled: () => queryClient.invalidateQueries({ queryKey: DEPARTMENTS_KEY }),
  });

  return (info) => {
    const dragId = Number(info.dragNode.key);
    const targetId = Number(info.node.key);
    const pos = info.node.pos.split('-');
    const relative = info.dropPosition - Number(pos[pos.length - 1]);
    const target = findDepartment(tree, targetId);
    const firstChild = relative === 1 && info.node.expanded && (target?.children.length ?? 0) > 0;
    const place: DropPlace = !info.dropToGap || firstChild ? 'inside' : relative === -1 ? 'before' : 'after';
    const places = changedPlaces(moveDepartment(tree, dragId, targetId, place), rows);
    if (places.length === 0) return;
    const moved = new Map(places.map((p) => [p.id, p]));
    queryClient.setQueryData<DepartmentRow[]>(DEPARTMENTS_KEY, (old) =>
      old?.map((row) => {
        const p = moved.get(row.id);
        return p ? { ...row, parentId: p.parentId, orderNum: p.orderNum } : row;
      }),
    );
    if (place === 'inside') onDroppedInside(targetId);
    order.mutate(places);
  };
}
