import { BellOutlined } from '@ant-design/icons';
import { baseMessage } from '@backroom/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Badge, Button, Drawer, Result, Skeleton, Space, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { call } from '../../../core/request';
import { MESSAGES_KEY, useMessageStream } from '../hooks/use-message-stream';
import { MessageDays } from './message-list';
import './message.css';

const DRAWER_SIZE = 30;

/**
 * The header's bell: the unread count, kept current by the message stream, and a drawer of the
 * newest messages (grouped by day, unread marked) with mark all read and the way to the full list.
 */
export default function MessageBell() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const unread = useQuery({
    queryKey: [...MESSAGES_KEY, 'unread'],
    queryFn: () => call(baseMessage.api.unreadCount, undefined, { silent: true }),
  });
  const latest = useQuery({
    queryKey: [...MESSAGES_KEY, 'drawer'],
    queryFn: () => call(baseMessage.api.page, { page: 1, size: DRAWER_SIZE }),
    enabled: open,
  });
  useMessageStream(() => void queryClient.invalidateQueries({ queryKey: MESSAGES_KEY }));
  const count = unread.data?.count ?? 0;
  const handleReadAll = async () => {
    await call(baseMessage.api.readAll);
    await queryClient.invalidateQueries({ queryKey: MESSAGES_KEY });
  };
  const label = count > 0 ? t('base.message.bellCount', { count }) : t('base.message.bell');
  return (
    <>
      <Tooltip title={label}>
        <Button type="text" onClick={() => setOpen(true)} aria-label={label} data-testid="message-bell">
          <Badge count={count} size="small" overflowCount={99} data-testid="message-unread">
            <BellOutlined />
          </Badge>
        </Button>
      </Tooltip>
      <Drawer
        open={open}
        onClose={() => setOpen(false)}
        title={t('base.message.title')}
        size={Math.min(420, window.innerWidth)}
        className="message-drawer"
        extra={
          <Space size={4}>
            <Button
              size="small"
              onClick={() => void handleReadAll()}
              disabled={count === 0}
              data-testid="message-read-all"
            >
              {t('base.message.readAll')}
            </Button>
            <Button
              size="small"
              type="link"
              onClick={() => {
                setOpen(false);
                void navigate('/base/message');
              }}
            >
              {t('base.message.all')}
            </Button>
          </Space>
        }
      >
        {latest.isPending ? (
          <Skeleton active />
        ) : latest.isError ? (
          <Result
            status="warning"
            title={t('base.message.loadFailed')}
            extra={<Button onClick={() => void latest.refetch()}>{t('base.message.retry')}</Button>}
          />
        ) : (
          <MessageDays messages={latest.data.list} onOpened={() => setOpen(false)} />
        )}
      </Drawer>
    </>
  );
}
