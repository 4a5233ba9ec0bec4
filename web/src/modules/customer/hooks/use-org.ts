import { sysDepartment, sysUser } from '@backroom/contract';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { usePerm } from '../../../core/permission';
import { call } from '../../../core/request';

/** A store or a member of its staff, as the customer screens offer them for choosing. */
export type Choice = { value: number; label: string };

const NO_CHOICES: Choice[] = [];

/**
 * The stores the operator may see (departments marked as stores), for the store filter and the
 * invitation calendar. Nothing is asked without the department list permission: a clerk's scope
 * is their own store anyway, and the screens then offer no store choice.
 */
export function useStores() {
  const canList = usePerm(sysDepartment.perms.list);
  const query = useQuery({
    queryKey: ['customer', 'stores'],
    queryFn: () => call(sysDepartment.api.list, {}),
    enabled: canList,
    staleTime: 60_000,
  });
  const stores = useMemo(
    () =>
      (query.data ?? []).filter((d) => d.isStore).map((d): Choice => ({ value: d.id, label: d.name })) ?? NO_CHOICES,
    [query.data],
  );
  return { canList, stores, loading: query.isLoading };
}

/** A member of the staff as pickers offer them: the name, and the staff number beside it. */
export type StaffChoice = Choice & { title: string; username: string; search: string; level: string };

/**
 * The staff the operator may see (in one store when `storeId` is given), for the owner filter and
 * the hand-over. Nothing is asked without the user list permission.
 */
export function useStaff(storeId?: number, enabled = true) {
  const canList = usePerm(sysUser.perms.list);
  const query = useQuery({
    queryKey: ['customer', 'staff', storeId ?? null],
    queryFn: () => call(sysUser.api.list, storeId === undefined ? {} : { departmentId: storeId }),
    enabled: canList && enabled,
    staleTime: 60_000,
  });
  const staff = useMemo(
    () =>
      (query.data ?? []).map((u): StaffChoice => {
        const label = u.name || u.nickName || u.username;
        // A picker searches the name, the nickname and the staff number (the login name).
        const search = [u.name, u.nickName, u.username].filter(Boolean).join(' ');
        return { value: u.id, label, title: label, username: u.username, search, level: u.userLevel };
      }),
    [query.data],
  );
  return { canList, staff, loading: query.isFetching };
}
