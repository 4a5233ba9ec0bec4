import { type PageResult, type SpaceInfo, UPLOAD_DEFAULTS } from '@backroom/contract';
import type { UseQueryResult } from '@tanstack/react-query';
import { Empty, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../../core/crud/parts';
import { type FileAction, FileCard } from './file-card';

type Props = {
  query: UseQueryResult<PageResult<SpaceInfo>>;
  mode: 'manage' | 'pick';
  /** A search or type filter is on (the empty state says so). */
  filtered: boolean;
  /** The user may upload here (the empty state says how). */
  canUpload: boolean;
  isSelected: (file: SpaceInfo) => boolean;
  unavailable: (file: SpaceInfo) => string | undefined;
  actions: readonly FileAction[];
  onToggle: (file: SpaceInfo) => void;
  onAction: (action: FileAction, file: SpaceInfo) => void;
};

/** The files of the page as cards, or why there are none (a failed load, nothing yet). */
export function FileGrid({
  query,
  mode,
  filtered,
  canUpload,
  isSelected,
  unavailable,
  actions,
  onToggle,
  onAction,
}: Props) {
  const { t } = useTranslation();
  const list = query.data?.list ?? [];
  if (query.isError && !query.data) return <LoadError error={query.error} onRetry={() => void query.refetch()} />;
  if (list.length === 0) {
    return (
      <div className="space-empty">
        {query.isLoading ? (
          <Spin />
        ) : (
          <Empty
            description={
              <>
                <div>{filtered ? t('space.emptyFiltered') : t('space.empty')}</div>
                {canUpload && !filtered && (
                  <div className="space-empty-hint">
                    {t('space.dropHint', { limit: UPLOAD_DEFAULTS.maxFiles, size: UPLOAD_DEFAULTS.maxSizeMb })}
                  </div>
                )}
              </>
            }
          />
        )}
      </div>
    );
  }
  return (
    <Spin spinning={query.isFetching && !query.isLoading} delay={200}>
      <div className="space-grid" data-testid="space-grid">
        {list.map((file) => (
          <FileCard
            key={file.id}
            file={file}
            mode={mode}
            selected={isSelected(file)}
            unavailable={unavailable(file)}
            actions={actions}
            onToggle={onToggle}
            onAction={onAction}
          />
        ))}
      </div>
    </Spin>
  );
}
