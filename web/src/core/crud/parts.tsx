import { ReloadOutlined } from '@ant-design/icons';
import { Button, Tooltip } from 'antd';
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
