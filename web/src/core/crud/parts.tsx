import { ReloadOutlined } from '@ant-design/icons';
import { Button, type TablePaginationConfig, Tooltip } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Status } from '../../ui/Status';

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
