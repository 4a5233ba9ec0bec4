import { baseNotice, type NoticeReceipts } from '@backroom/contract';
import { useQuery } from '@tanstack/react-query';
import { Modal, Progress, Result, Skeleton, Space, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { call } from '../../../core/request';

type Reader = NoticeReceipts['list'][number];

/** Who read an announcement and when, and per store the share who did. */
export function NoticeReceiptsDialog({ id, title, onClose }: { id: number; title: string; onClose: () => void }) {
  const { t } = useTranslation();
  const receipts = useQuery({
    queryKey: ['base', 'notice', 'receipts', id],
    queryFn: () => call(baseNotice.api.receipts, { id }),
  });
  return (
    <Modal
      open
      title={t('base.notice.receiptsOf', { title })}
      onCancel={onClose}
      footer={null}
      width={Math.min(720, window.innerWidth - 16)}
    >
      {receipts.isPending ? (
        <Skeleton active />
      ) : receipts.isError ? (
        <Result status="warning" title={t('base.message.loadFailed')} />
      ) : (
        <Space direction="vertical" style={{ width: '100%' }} data-testid="notice-receipts">
          <Typography.Text strong data-testid="receipts-total">
            {t('base.notice.readOf', { read: receipts.data.read, total: receipts.data.total })}
          </Typography.Text>
          {receipts.data.stores.map((store) => (
            <div key={store.departmentId ?? 0}>
              <Typography.Text>{store.name ?? t('base.notice.noDepartment')}</Typography.Text>
              <Progress
                percent={store.total === 0 ? 0 : Math.round((store.read / store.total) * 100)}
                format={() => `${store.read}/${store.total}`}
                size="small"
              />
            </div>
          ))}
          <Table<Reader>
            rowKey="userId"
            size="small"
            pagination={{ pageSize: 10, simple: true }}
            dataSource={receipts.data.list}
            columns={[
              { key: 'name', dataIndex: 'name', title: t('base.notice.reader') },
              {
                key: 'departmentName',
                dataIndex: 'departmentName',
                title: t('base.notice.department'),
                responsive: ['sm'],
              },
              {
                key: 'readTime',
                dataIndex: 'readTime',
                title: t('base.notice.readTime'),
                render: (value: string | null) => value ?? <Tag color="orange">{t('base.message.unread')}</Tag>,
              },
            ]}
          />
        </Space>
      )}
    </Modal>
  );
}
