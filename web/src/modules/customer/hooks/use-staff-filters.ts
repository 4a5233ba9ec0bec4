import { useTranslation } from 'react-i18next';
import type { UrlFilter } from '../../../core/crud/url-filters';
import { useStaff, useStores } from './use-org';

/**
 * The URL filters by store, owner and recorder a figure of the dashboard or a report's row opens a
 * list with (the store's and the staff member's names where the operator may list them).
 */
export function useStaffUrlFilters(): UrlFilter[] {
  const { t } = useTranslation();
  const { stores } = useStores();
  const { staff } = useStaff();
  const nameOf = (choices: ReadonlyArray<{ value: number; label: string }>) => (value: string) =>
    choices.find((c) => String(c.value) === value)?.label ?? `#${value}`;
  return [
    { kind: 'id', name: 'storeId', label: t('customer.store'), show: nameOf(stores) },
    { kind: 'id', name: 'employeeId', label: t('customer.owner'), show: nameOf(staff) },
    { kind: 'id', name: 'creatorId', label: t('customer.creator'), show: nameOf(staff) },
  ];
}
