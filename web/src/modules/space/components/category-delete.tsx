import { spaceInfo, spaceType, withDescendants } from '@backroom/contract';
import { useQuery } from '@tanstack/react-query';
import { Alert, Skeleton, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { DeleteDialog } from '../../../core/delete-dialog';
import { call } from '../../../core/request';
import type { CategoryRow } from '../category-tree';

type Props = {
  category: CategoryRow | null;
  rows: readonly CategoryRow[];
  onClose: () => void;
  onDeleted: (ids: number[]) => void;
};

/**
 * Deletes a category. Before asking, it says what goes with it: the categories below it and every
 * file in any of them (the server deletes exactly these, in one recycle record).
 */
export function CategoryDelete({ category, rows, onClose, onDeleted }: Props) {
  const { t } = useTranslation();
  const ids = category ? [...withDescendants(rows, [category.id])] : [];

  const files = useQuery({
    queryKey: ['space', 'delete-count', ids],
    queryFn: () => call(spaceInfo.api.page, { page: 1, size: 1, classifyId: ids }),
    enabled: category !== null,
    gcTime: 0,
  });

  const subs = ids.length - 1;
  const count = files.data?.pagination.total;
  return (
    <DeleteDialog
      data={category}
      title={t('space.deleteCategoryTitle', { name: category?.name ?? '' })}
      okText={t('space.delete')}
      okDisabled={count === undefined && !files.isError}
      remove={(target) => call(spaceType.api.delete, { ids: [target.id] })}
      deletedText={t('space.categoryDeleted')}
      onDeleted={() => onDeleted(ids)}
      onClose={onClose}
      width={460}
      destroyOnHidden
    >
      {files.isLoading ? (
        <Skeleton active paragraph={{ rows: 1 }} title={false} aria-label={t('space.deleteCategoryCounting')} />
      ) : (
        <div className="space-delete-text" data-testid="category-delete-text">
          {subs > 0 && <Typography.Paragraph>{t('space.deleteCategorySubs', { count: subs })}</Typography.Paragraph>}
          <Typography.Paragraph strong={count !== 0}>
            {count === undefined
              ? t('space.deleteCategoryFilesAny')
              : count > 0
                ? t('space.deleteCategoryFiles', { count })
                : t('space.deleteCategoryEmpty')}
          </Typography.Paragraph>
        </div>
      )}
      <Alert type="info" showIcon title={t('space.deleteCategoryRestore')} />
    </DeleteDialog>
  );
}
