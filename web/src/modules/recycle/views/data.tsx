import { EyeOutlined, InfoCircleOutlined, UndoOutlined } from '@ant-design/icons';
import { type RecycleData, recycleData } from '@backroom/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button, Popconfirm, Tag, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CrudPage } from '../../../core/crud/CrudPage';
import type { Locale } from '../../../core/i18n';
import { usePerm } from '../../../core/permission';
import { call } from '../../../core/request';
import { useScreen } from '../../../core/screen';
import { DataPreview, entityLabel, recordNames } from '../components/data-preview';
import '../recycle.css';
import { useFeedback } from '../../../core/app-feedback';

/** Restores records after a confirmation that says what comes back; one transaction on the server. */
function useRestore(onDone: () => void) {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ids: number[]) => call(recycleData.api.restore, { ids }),
    onSuccess: async (_data, ids) => {
      void message.success(t('recycle.restoredOk', { count: ids.length }));
      onDone();
      // The rows are back wherever they were listed: every table may show them again.
      await queryClient.invalidateQueries({ queryKey: ['crud'] });
    },
  });
}

function RestoreButton({
  record,
  onRestore,
  primary,
}: {
  record: RecycleData;
  onRestore: (ids: number[]) => Promise<unknown>;
  /** The drawer's main action; a link in a table row. */
  primary?: boolean;
}) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language as Locale;
  return (
    <Popconfirm
      title={t('recycle.confirmRestore')}
      description={t('recycle.confirmRestoreHint', {
        count: record.count,
        entity: entityLabel(record, t, locale),
      })}
      okText={t('recycle.restore')}
      cancelText={t('common.cancel')}
      onConfirm={() => onRestore([record.id])}
    >
      <Button type={primary ? 'primary' : 'link'} size={primary ? 'middle' : 'small'} icon={<UndoOutlined />}>
        {t('recycle.restore')}
      </Button>
    </Popconfirm>
  );
}

/**
 * The recycle bin (the family's /recycle/data): what was deleted, by whom, through which address
 * and when; the deleted rows in a preview; restore one record or a selection, after confirming.
 */
export default function RecycleList() {
  const { t, i18n } = useTranslation();
  const locale = i18n.language as Locale;
  const canRestore = usePerm(recycleData.perms.restore);
  const canInfo = usePerm(recycleData.perms.info);
  const phone = useScreen() === 'xs';
  const [selected, setSelected] = useState<number[]>([]);
  const [previewing, setPreviewing] = useState<RecycleData | null>(null);
  const restore = useRestore(() => {
    setSelected([]);
    setPreviewing(null);
  });

  return (
    <>
      <CrudPage
        entity={recycleData}
        keywordPlaceholder={t('recycle.search')}
        columns={[
          {
            key: 'entityInfo',
            title: t('recycle.entity'),
            // With the others, narrow enough that a 1440 px screen shows every column without scrolling.
            width: 200,
            sortable: false,
            // On a phone: what was deleted with when beneath it, its status and the row's menu.
            onPhone: true,
            // What was deleted: the kind of record, then its name ("User · alice").
            render: (_v, row) => {
              const names = recordNames(row);
              const what = (
                <span className="recycle-what">
                  <span className="recycle-entity">{entityLabel(row, t, locale)}</span>
                  {names && <span className="recycle-names">{names}</span>}
                </span>
              );
              if (!phone) return what;
              return (
                <span className="recycle-what-when">
                  {what}
                  <span className="recycle-muted recycle-when">{row.createTime?.slice(0, 16)}</span>
                </span>
              );
            },
          },
          {
            key: 'userName',
            width: 120,
            sortable: false,
            render: (v) => v || <span className="recycle-muted">{t('recycle.unknownOperator')}</span>,
          },
          {
            key: 'url',
            width: 230,
            render: (v) => <span className="recycle-code">{v}</span>,
          },
          { key: 'count', width: 80 },
          {
            key: 'restoreTime',
            title: t('recycle.status'),
            width: 110,
            onPhone: true,
            render: (v) =>
              v ? (
                <Tooltip title={t('recycle.restoredAt', { time: v })}>
                  <Tag color="green">{t('recycle.restored')}</Tag>
                </Tooltip>
              ) : (
                <Tag color="blue">{t('recycle.pending')}</Tag>
              ),
          },
          { key: 'createTime', title: t('recycle.deletedAt'), width: 170 },
        ]}
        fields={[]}
        selectedIds={canRestore ? selected : undefined}
        onSelect={canRestore ? setSelected : undefined}
        rowSelectable={(row) => !row.restoreTime}
        toolbar={
          <>
            {canRestore && (
              <Popconfirm
                title={t('recycle.confirmBatchRestore', { count: selected.length })}
                description={t('recycle.confirmBatchRestoreHint')}
                okText={t('recycle.restore')}
                cancelText={t('common.cancel')}
                disabled={selected.length === 0}
                onConfirm={() => restore.mutateAsync(selected)}
              >
                <Button
                  icon={<UndoOutlined />}
                  disabled={selected.length === 0}
                  loading={restore.isPending}
                  data-testid="recycle-batch-restore"
                >
                  {t('recycle.batchRestore')}
                </Button>
              </Popconfirm>
            )}
            <Tooltip title={t('recycle.keepHint')}>
              <InfoCircleOutlined className="recycle-muted" aria-label={t('recycle.keepHint')} />
            </Tooltip>
          </>
        }
        rowActions={(row) => {
          const record = row;
          return (
            <>
              {canInfo && (
                <Button
                  type="link"
                  size="small"
                  icon={<EyeOutlined />}
                  onClick={() => setPreviewing(record)}
                  data-testid={`recycle-preview-${record.id}`}
                >
                  {t('recycle.preview')}
                </Button>
              )}
              {canRestore && !record.restoreTime && (
                <RestoreButton record={record} onRestore={(ids) => restore.mutateAsync(ids)} />
              )}
            </>
          );
        }}
      />
      <DataPreview
        record={previewing}
        onClose={() => setPreviewing(null)}
        footer={
          previewing && canRestore && !previewing.restoreTime ? (
            <div className="recycle-preview-footer">
              <RestoreButton primary record={previewing} onRestore={(ids) => restore.mutateAsync(ids)} />
            </div>
          ) : undefined
        }
      />
    </>
  );
}
