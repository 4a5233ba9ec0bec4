import { ReloadOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, type TablePaginationConfig, Tooltip } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { Status } from '../../ui/Status';
import { usePerm } from '../permission';
import { type Callable, call } from '../request';

/*
 * The small pieces the management screens share. They stay in one module on purpose: every module
 * that several lazily loaded screens import becomes a download of its own, and a handful of tiny
 * ones cost more to load than one small one.
 */

/** A list that failed to load, with a way to try again. */
export function LoadError({ error, onRetry }: { error: Error; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <Status
      title={t('crud.loadError')}
      detail={error.message}
      extra={
        <Button type="primary" onClick={onRetry}>
          {t('common.retry')}
        </Button>
      }
    />
  );
}

/** The toolbar's refresh button. */
export function RefreshButton({ onRefresh }: { onRefresh: () => void }) {
  const { t } = useTranslation();
  return (
    <Tooltip title={t('crud.refresh')}>
      <Button icon={<ReloadOutlined />} onClick={onRefresh} aria-label={t('crud.refresh')} />
    </Tooltip>
  );
}

/** The paging of a table the server pages: 10 to 100 rows a page, the total in words. */
export function serverPaging(t: TFunction, page: number, size: number, total: number): TablePaginationConfig {
  return {
    current: page,
    pageSize: size,
    total,
    showSizeChanger: true,
    pageSizeOptions: [10, 20, 50, 100],
    showTotal: (n) => t('crud.total', { total: n }),
  };
}

/** What the hook needs of a declaration: its list call (whose filters are all optional) and its permission. */
type Listed<Row> = {
  readonly api: { readonly list: Callable<z.ZodType<unknown, Record<never, never>>, Row[]> };
  readonly perms: { readonly list: string };
};

/**
 * An entity's whole list (its `list` call, for trees and choices), its rows typed by the
 * declaration, cached under `queryKey`. Nothing is asked of the server without the list permission.
 */
export function useEntityList<Row>(entity: Listed<Row>, queryKey: readonly unknown[]) {
  const canList = usePerm(entity.perms.list);
  const query = useQuery({
    queryKey,
    queryFn: () => call(entity.api.list, {}),
    enabled: canList,
  });
  return { canList, query };
}

/** A copy of the set with the key in it, or out of it: state held in a Set is never changed in place. */
export function toggled<T>(set: ReadonlySet<T>, key: T, present: boolean): Set<T> {
  const next = new Set(set);
  if (present) next.add(key);
  else next.delete(key);
  return next;
}
