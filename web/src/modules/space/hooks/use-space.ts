import { type FileTypeGroup, spaceInfo, spaceType } from '@backroom/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEntityList } from '../../../core/crud/parts';
import { usePerm } from '../../../core/permission';
import { call } from '../../../core/request';

export const TYPES_KEY = ['space', 'types'] as const;
export const FILES_KEY = ['space', 'files'] as const;

/** The category list, shared by the page, the picker and the move dialog. */
export function useCategories() {
  const { canList, query } = useEntityList(spaceType, TYPES_KEY);
  return { canList, query, rows: query.data ?? [] };
}

export type FileQuery = {
  page: number;
  size: number;
  /** A category with its sub-categories; every file when absent. */
  classifyIds?: number[];
  type?: FileTypeGroup;
  keyWord?: string;
};

export function useFiles(filter: FileQuery) {
  const canList = usePerm(spaceInfo.perms.page);
  const query = useQuery({
    queryKey: [...FILES_KEY, filter],
    queryFn: () =>
      call(spaceInfo.api.page, {
        page: filter.page,
        size: filter.size,
        ...(filter.classifyIds ? { classifyId: filter.classifyIds } : {}),
        ...(filter.type ? { type: filter.type } : {}),
        ...(filter.keyWord ? { keyWord: filter.keyWord } : {}),
      }),
    placeholderData: keepPreviousData,
    enabled: canList,
  });
  return { canList, query };
}

/** What the space's own buttons may do for this user. */
export function useSpacePerms() {
  return {
    upload: usePerm(spaceInfo.perms.add),
    update: usePerm(spaceInfo.perms.update),
    remove: usePerm(spaceInfo.perms.delete),
    addType: usePerm(spaceType.perms.add),
    updateType: usePerm(spaceType.perms.update),
    removeType: usePerm(spaceType.perms.delete),
  };
}
