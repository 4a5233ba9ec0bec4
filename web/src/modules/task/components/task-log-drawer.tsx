import { CheckCircleFilled, CloseCircleFilled } from '@ant-design/icons';
import { type TaskLog, taskInfo } from '@backroom/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Drawer, Segmented, Space, Table, Tag, Typography } from 'antd';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError, RefreshButton, serverPaging } from '../../../core/crud/parts';
import { describeValue } from '../../../core/describe-value';
import { call } from '../../../core/request';
import { useScreen } from '../../../core/screen';

export const taskLogKey = (taskId: number) => ['task', 'log', taskId] as const;

/** 12 ms, 1.5 s, 2 min 5 s. */
export function formatDuration(ms: number): string {
  if (ms < 1000) return `${ms} ms`;
  if (ms < 60_000) return `${(ms / 1000).toFixed(ms < 10_000 ? 1 : 0)} s`;
  const minutes = Math.floor(ms / 60_000);
  return `${minutes} min ${Math.round((ms % 60_000) / 1000)} s`;
}

type Failure = {
  error?: string;
  message?: string;
  timeoutMs?: number;
  service?: string;
  ticks?: number;
  from?: string;
};

/** A run's detail in words: the result as the handler returned it, a failure in the reader's language. */
export function describeDetail(log: Pick<TaskLog, 'status' | 'detail'>, t: TFunction): string {
  if (!log.detail) return '';
  // A handler's result is often an object ({"purged":3}): it reads as words, not JSON.
  if (log.status === 1) return describeValue(log.detail) || log.detail;
  let failure: Failure;
  try {
    failure = JSON.parse(log.detail) as Failure;
  } catch {
    return log.detail;
  }
  switch (failure.error) {
    case 'failed':
      return t('task.logs.errors.failed', { message: failure.message ?? '' });
    case 'timeout':
      return t('task.logs.errors.timeout', { seconds: Math.round((failure.timeoutMs ?? 0) / 1000) });
    case 'handlerMissing':
      return t('task.logs.errors.handlerMissing', { service: failure.service ?? '' });
    case 'badArgs':
      return t('task.logs.errors.badArgs', { message: failure.message ?? '' });
    case 'interrupted':
      return t('task.logs.errors.interrupted');
    case 'missed':
      return t('task.logs.errors.missed', { count: failure.ticks ?? 1, from: failure.from ?? '' });
    default:
      return log.detail;
  }
}

type StatusFilter = 'all' | 0 | 1;

/** The runs of one task, newest first, paged on the server, filtered by status; refreshes itself while open. */
export function TaskLogDrawer({ task, onClose }: { task: { id: number; name: string } | null; onClose: () => void }) {
  const { t } = useTranslation();
  const screen = useScreen();
  const [status, setStatus] = useState<StatusFilter>('all');
  const [page, setPage] = useState(1);
  const [size, setSize] = useState(20);
  const [shown, setShown] = useState<number | null>(null);
  if ((task?.id ?? null) !== shown) {
    // Another task: start again from its first page, all runs.
    setShown(task?.id ?? null);
    setStatus('all');
    setPage(1);
  }
  const query = useQuery({
    queryKey: [...taskLogKey(task?.id ?? 0), { status, page, size }],
    queryFn: () =>
      call(taskInfo.api.log, {
        id: task?.id,
        page,
        size,
        ...(status === 'all' ? {} : { status }),
      }),
    enabled: task !== null,
    placeholderData: keepPreviousData,
    refetchInterval: 3000,
  });

  return (
    <Drawer
      open={task !== null}
      onClose={onClose}
      title={task ? t('task.logs.title', { name: task.name }) : ''}
      size={screen === 'xs' || screen === 'sm' ? '100%' : 820}
      destroyOnHidden
    >
      <div className="task-log-toolbar">
        <Space wrap>
          <RefreshButton onRefresh={() => void query.refetch()} />
          <Segmented<StatusFilter>
            value={status}
            onChange={(next) => {
              setStatus(next);
              setPage(1);
            }}
            options={[
              { value: 'all', label: t('task.logs.all') },
              { value: 1, label: t('task.logs.success') },
              { value: 0, label: t('task.logs.failed') },
            ]}
          />
        </Space>
        <Typography.Text type="secondary">{t('task.logs.autoRefresh')}</Typography.Text>
      </div>
      {query.isError && !query.data ? (
        <LoadError error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        <Table<TaskLog>
          rowKey="id"
          size="small"
          data-testid="task-log-table"
          loading={query.isLoading}
          dataSource={query.data?.list ?? []}
          locale={{ emptyText: t('task.logs.empty') }}
          scroll={{ x: 'max-content' }}
          columns={[
            { key: 'createTime', dataIndex: 'createTime', title: t('task.logs.time'), width: 170 },
            {
              key: 'status',
              dataIndex: 'status',
              title: t('task.logs.status'),
              width: 96,
              render: (value: number) =>
                value === 1 ? (
                  <Tag color="success" icon={<CheckCircleFilled />}>
                    {t('task.logs.success')}
                  </Tag>
                ) : (
                  <Tag color="error" icon={<CloseCircleFilled />}>
                    {t('task.logs.failed')}
                  </Tag>
                ),
            },
            {
              key: 'duration',
              dataIndex: 'duration',
              title: t('task.logs.duration'),
              width: 100,
              align: 'right',
              render: (value: number) => formatDuration(value),
            },
            {
              key: 'trigger',
              dataIndex: 'trigger',
              title: t('task.logs.trigger'),
              width: 80,
              render: (value: number) => t(`task.logs.triggers.${value}`),
            },
            {
              key: 'detail',
              dataIndex: 'detail',
              title: t('task.logs.detail'),
              render: (_: unknown, log: TaskLog) => {
                const text = describeDetail(log, t);
                return text ? (
                  <Typography.Paragraph
                    className="task-log-detail"
                    type={log.status === 0 ? 'danger' : undefined}
                    ellipsis={{ rows: 2, expandable: true, symbol: '…' }}
                  >
                    {text}
                  </Typography.Paragraph>
                ) : (
                  <span className="task-muted">—</span>
                );
              },
            },
          ]}
          pagination={{
            ...serverPaging(t, page, size, query.data?.pagination.total ?? 0),
            onChange: (next, nextSize) => {
              if (nextSize !== size) {
                setSize(nextSize);
                setPage(1);
              } else setPage(next);
            },
          }}
        />
      )}
    </Drawer>
  );
}
