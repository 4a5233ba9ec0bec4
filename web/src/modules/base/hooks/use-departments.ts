import { sysDepartment } from '@backroom/contract';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { usePerm } from '../../../core/permission';
import { api } from '../../../core/request';
import { buildDepartmentTree, type DepartmentRow } from '../components/department-tree';

export const DEPARTMENTS_KEY = ['base', 'departments'] as const;

const NO_ROWS: DepartmentRow[] = [];

/** The departments the user may see, flat and as a tree; nothing is asked without the list permission. */
export function useDepartments() {
  const canList = usePerm(sysDepartment.perms.list);
  const query = useQuery({
    queryKey: DEPARTMENTS_KEY,
    queryFn: () => api.post<DepartmentRow[]>(`${sysDepartment.prefix}/list`, {}),
    enabled: canList,
  });
  const rows = query.data ?? NO_ROWS;
  const tree = useMemo(() => buildDepartmentTree(rows), [rows]);
  return { canList, rows, tree, query };
}
