import { SettingOutlined } from '@ant-design/icons';
import { baseMessage } from '@backroom/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Modal, Pagination, Result, Segmented, Select, Skeleton, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { call } from '../../../core/request';
import { MessageDays } from '../components/message-list';
import { MessagePreferences } from '../components/message-preferences';
import { MESSAGES_KEY } from '../hooks/use-message-stream';
import '../components/message.css';

type ReadFilter = 'all' | 'unread' | 'read';
const SIZE = 20;

/** An announcement as its reader opens it: the sanitised text, in a dialog. */
function NoticeDialog({ id, onClose }: { id: number; onClose: () => void }) {
  const { t } = useTranslation();
  const notice = useQuery({
    queryKey: [...MESSAGES_KEY, 'notice', id],
    queryFn: () => call(baseMessage.api.notice, { id }),
  });
  return (
    <Modal open title={notice.data?.title ?? t('base.message.kinds.notice')} onCancel={onClose} footer={null}>
      {notice.isPending ? (
        <Skeleton active />
      ) : notice.isError ? (
        <Result status="warning" title={t('base.message.loadFailed')} />
      ) : (
        <>
          <Typography.Text type="secondary">
            {[notice.data.senderName, notice.data.createTime].filter(Boolean).join(' · ')}
          </Typography.Text>
          {/* Sanitised by the server with the rich-text allow-list the parameters use. */}
          {/* biome-ignore lint/security/noDangerouslySetInnerHtml: the server sanitised it (base/rich-text.ts allow-list). */}
          <div className="notice-content" dangerouslySetInnerHTML={{ __html: notice.data.content }} />
        </>
      )}
    </Modal>
  );
}

/** Every message of the signed-in user, filtered by kind and read state; the per-kind settings. */
export default function MessageScreen() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [search, setSearch] = useSearchParams();
  const [kind, setKind] = useState<string | undefined>(undefined);
  const [read, setRead] = useState<ReadFilter>('all');
  const [page, setPage] = useState(1);
  const [prefsOpen, setPrefsOpen] = useState(false);
  const noticeId = Number(search.get('notice'));
  const prefs = useQuery({
    queryKey: [...MESSAGES_KEY, 'preferences'],
    queryFn: () => call(baseMessage.api.preferences),
  });
  const list = useQuery({
    queryKey: [...MESSAGES_KEY, 'page', kind, read, page],
    queryFn: () =>
      call(baseMessage.api.page, {
        page,
        size: SIZE,
        ...(kind ? { kind } : {}),
        ...(read === 'all' ? {} : { unread: read === 'unread' }),
      }),
  });
  const handleReadAll = async () => {
    await call(baseMessage.api.readAll);
    await queryClient.invalidateQueries({ queryKey: MESSAGES_KEY });
  };
  return (
    <Card
      title={t('base.message.screen')}
      extra={
        <Button icon={<SettingOutlined />} onClick={() => setPrefsOpen(true)} data-testid="message-prefs">
          {t('base.message.prefs')}
        </Button>
      }
    >
      <Space wrap style={{ marginBottom: 12 }}>
        <Select
          allowClear
          style={{ minWidth: 160 }}
          placeholder={t('base.message.allKinds')}
          aria-label={t('base.message.kind')}
          value={kind}
          onChange={(value) => {
            setKind(value);
            setPage(1);
          }}
          options={(prefs.data ?? []).map((p) => ({ value: p.kind, label: p.label }))}
        />
        <Segmented<ReadFilter>
          value={read}
          onChange={(value) => {
            setRead(value);
            setPage(1);
          }}
          options={[
            { value: 'all', label: t('base.message.filterAll') },
            { value: 'unread', label: t('base.message.unread') },
            { value: 'read', label: t('base.message.read') },
          ]}
        />
        <Button onClick={() => void handleReadAll()}>{t('base.message.readAll')}</Button>
      </Space>
      {list.isPending ? (
        <Skeleton active />
      ) : list.isError ? (
        <Result
          status="warning"
          title={t('base.message.loadFailed')}
          extra={<Button onClick={() => void list.refetch()}>{t('base.message.retry')}</Button>}
        />
      ) : (
        <>
          <MessageDays messages={list.data.list} />
          {list.data.pagination.total > SIZE && (
            <Pagination
              style={{ marginTop: 12 }}
              current={page}
              pageSize={SIZE}
              total={list.data.pagination.total}
              onChange={setPage}
              showSizeChanger={false}
              simple
            />
          )}
        </>
      )}
      <MessagePreferences open={prefsOpen} onClose={() => setPrefsOpen(false)} />
      {noticeId > 0 && (
        <NoticeDialog
          id={noticeId}
          onClose={() => {
            search.delete('notice');
            setSearch(search, { replace: true });
          }}
        />
      )}
    </Card>
  );
}
