import { baseMessage, type Message } from '@backroom/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Badge, Empty, List, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { call } from '../../../core/request';
import { MESSAGES_KEY } from '../hooks/use-message-stream';
import { groupByDay, localDay } from './message-groups';

/** The day's heading: today, yesterday, or the date. */
function DayTitle({ day }: { day: string }) {
  const { t } = useTranslation();
  const now = new Date();
  const yesterday = new Date(now.getFullYear(), now.getMonth(), now.getDate() - 1);
  if (day === localDay(now)) return <>{t('base.message.today')}</>;
  if (day === localDay(yesterday)) return <>{t('base.message.yesterday')}</>;
  return <>{day}</>;
}

/**
 * Messages grouped by day, newest first, unread marked; opening one marks it read and goes where
 * it leads (an announcement opens on the message screen).
 */
export function MessageDays({ messages, onOpened }: { messages: readonly Message[]; onOpened?: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const handleOpen = async (message: Message) => {
    if (!message.readTime) {
      await call(baseMessage.api.read, { ids: [message.id] }, { silent: true }).catch(() => undefined);
      void queryClient.invalidateQueries({ queryKey: MESSAGES_KEY });
    }
    onOpened?.();
    if (message.link) void navigate(message.link);
  };
  if (messages.length === 0) return <Empty description={t('base.message.none')} />;
  return (
    <div className="message-days" data-testid="message-days">
      {groupByDay(messages).map(({ day, messages: list }) => (
        <section key={day} aria-label={day}>
          <Typography.Text type="secondary" className="message-day">
            <DayTitle day={day} />
          </Typography.Text>
          <List<Message>
            dataSource={list}
            renderItem={(message) => (
              <List.Item className={message.readTime ? 'message-item' : 'message-item message-unread'}>
                <button
                  type="button"
                  className="message-open"
                  onClick={() => void handleOpen(message)}
                  data-testid={`message-${message.id}`}
                >
                  <span className="message-title">
                    {!message.readTime && <Badge status="processing" aria-label={t('base.message.unread')} />}
                    {message.title}
                  </span>
                  {message.body && <span className="message-body">{message.body}</span>}
                  <span className="message-time">
                    {t(`base.message.kinds.${message.kind}`, { defaultValue: '' })} {message.createTime.slice(11, 16)}
                  </span>
                </button>
              </List.Item>
            )}
          />
        </section>
      ))}
    </div>
  );
}
