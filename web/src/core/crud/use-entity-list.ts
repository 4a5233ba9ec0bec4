import { useQuery } from '@tanstack/react-query';
import { usePerm } from '../permission';
import { api } from '../request';

/** What the hook needs of a declaration: where its calls go and the permission of its list. */
type Listed = { prefix: string; perms: { list: string } };

/**
 * An entity's whole list (its `list` call, for trees and choices), cached under `queryKey`. Nothing
 * is asked of the server without the list permission.
 */
export function useEntityList<T>(entity: Listed, queryKey: readonly unknown[]) {
  const canList = usePerm(entity.perms.list);
  const query = useQuery({
    queryKey,
    queryFn: () => api.post<T[]>(`${entity.prefix}/list`, {}),
    enabled: canList,
  });
  return { canList, query };
}
