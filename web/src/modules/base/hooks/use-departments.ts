import { sysDepartment } from '@backroom/contract';
import { useMemo } from 'react';
import { useEntityList } from '../../../core/crud/parts';
import { buildDepartmentTree, type DepartmentRow } from '../components/department-tree';

export const DEPARTMENTS_KEY = ['base', 'departments'] as const;

const NO_ROWS: DepartmentRow[] = [];

/** The departments the user may see, flat and as a tree; nothing is asked without the list permission. */
export function useDepartments() {
  const { canList, query } = useEntityList(sysDepartment, DEPARTMENTS_KEY);
  const rows = query.data ?? NO_ROWS;
  const tree = useMemo(() => buildDepartmentTree(rows), [rows]);
  return { canList, rows, tree, query };
}
