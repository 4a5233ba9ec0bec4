import { CheckCircleFilled, CloseOutlined, ExclamationCircleFilled, RedoOutlined } from '@ant-design/icons';
import { Button, Progress, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatSize } from '../../../core/format-size';
import type { UploadItem } from '../hooks/use-uploads';

type Props = {
  items: readonly UploadItem[];
  onRetry: (id: string) => void;
  onRemove: (id: string) => void;
  onClear: () => void;
};

/** Every file on its way up, with its own progress bar; failures stay with their reason until dismissed. */
export function UploadQueue({ items, onRetry, onRemove, onClear }: Props) {
  const { t } = useTranslation();
  if (items.length === 0) return null;
  const finished = items.some((i) => i.status === 'done' || i.status === 'error');
  return (
    <section className="space-queue" aria-label={t('space.queue')} data-testid="space-queue">
      <div className="space-queue-head">
        <span>{t('space.queue')}</span>
        {finished && (
          <Button type="link" size="small" onClick={onClear}>
            {t('space.clearFinished')}
          </Button>
        )}
      </div>
      <ul>
        {items.map((item) => (
          <li key={item.id} className={`space-queue-item ${item.status}`} data-testid="space-queue-item">
            <div className="space-queue-line">
              <span className="space-queue-name" title={item.name}>
                {item.name}
              </span>
              <span className="space-queue-size">{formatSize(item.size)}</span>
              <span className="space-queue-status">
                {item.status === 'done' && (
                  <>
                    <CheckCircleFilled className="ok" /> {t('space.uploaded')}
                  </>
                )}
                {item.status === 'error' && (
                  <>
                    <ExclamationCircleFilled className="bad" /> {t('space.failed')}
                  </>
                )}
                {item.status === 'waiting' && t('space.waiting')}
                {item.status === 'saving' && t('space.saving')}
                {item.status === 'uploading' && `${item.percent}%`}
              </span>
              {item.status === 'error' && item.file && (
                <Tooltip title={t('space.retry')}>
                  <Button
                    type="text"
                    size="small"
                    icon={<RedoOutlined />}
                    aria-label={t('space.retry')}
                    onClick={() => onRetry(item.id)}
                  />
                </Tooltip>
              )}
              <Tooltip
                title={item.status === 'uploading' || item.status === 'waiting' ? t('space.cancel') : t('space.remove')}
              >
                <Button
                  type="text"
                  size="small"
                  icon={<CloseOutlined />}
                  aria-label={
                    item.status === 'uploading' || item.status === 'waiting' ? t('space.cancel') : t('space.remove')
                  }
                  onClick={() => onRemove(item.id)}
                />
              </Tooltip>
            </div>
            {item.status === 'error' ? (
              <div className="space-queue-error" role="alert">
                {item.error}
              </div>
            ) : (
              <Progress
                percent={item.percent}
                size="small"
                showInfo={false}
                status={item.status === 'done' ? 'success' : item.status === 'uploading' ? 'active' : 'normal'}
                aria-label={item.name}
              />
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
