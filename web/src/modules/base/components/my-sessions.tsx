import { DesktopOutlined, MobileOutlined } from '@ant-design/icons';
import { baseComm, type OwnSession } from '@backroom/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, List, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useFeedback } from '../../../core/app-feedback';
import { call, logout } from '../../../core/request';
import './my-sessions.css';

const SESSIONS_KEY = ['base', 'my', 'sessions'] as const;
const MOBILE = new Set(['iPhone', 'iPad', 'Android']);

/** What a session is called in a sentence: its browser and system. */
function nameOf(session: OwnSession, unknown: string): string {
  return [session.browser, session.device].filter(Boolean).join(' · ') || unknown;
}

/**
 * The personal center's sessions: every device signed in to this account, this one marked; ending
 * another signs that device out at its next request, ending this one is a logout.
 */
export function MySessions() {
  const { t } = useTranslation();
  const { message, modal } = useFeedback();
  const queryClient = useQueryClient();
  const sessions = useQuery({ queryKey: SESSIONS_KEY, queryFn: () => call(baseComm.api.sessions) });

  const handleEnd = (session: OwnSession) => {
    const what = nameOf(session, t('base.session.unknownDevice'));
    modal.confirm({
      title: session.current ? t('base.session.endThisTitle') : t('base.session.endTitle', { what }),
      content: session.current ? t('base.session.endThisText') : t('base.session.endText'),
      okText: session.current ? t('base.session.endThis') : t('base.session.end'),
      cancelText: t('common.cancel'),
      onOk: async () => {
        await call(baseComm.api.sessionEnd, { id: session.id });
        if (session.current) {
          logout();
          return;
        }
        void message.success(t('base.session.ended'));
        await queryClient.invalidateQueries({ queryKey: SESSIONS_KEY });
      },
    });
  };

  return (
    <Card title={t('base.session.mine')} className="my-sessions">
      <Typography.Paragraph type="secondary">{t('base.session.mineHint')}</Typography.Paragraph>
      <List<OwnSession>
        loading={sessions.isLoading}
        dataSource={sessions.data ?? []}
        locale={{ emptyText: t('base.session.none') }}
        rowKey="id"
        renderItem={(session) => (
          <List.Item
            data-testid="my-session"
            actions={[
              <Button
                key="end"
                size="small"
                danger
                // Its name starts with the words it shows: no space antd would put between two CJK characters.
                autoInsertSpace={false}
                onClick={() => handleEnd(session)}
                aria-label={`${session.current ? t('base.session.endThis') : t('base.session.end')}: ${nameOf(session, t('base.session.unknownDevice'))}`}
              >
                {session.current ? t('base.session.endThis') : t('base.session.end')}
              </Button>,
            ]}
          >
            <List.Item.Meta
              avatar={
                MOBILE.has(session.device ?? '') ? (
                  <MobileOutlined style={{ fontSize: 22 }} aria-hidden />
                ) : (
                  <DesktopOutlined style={{ fontSize: 22 }} aria-hidden />
                )
              }
              title={
                <span>
                  {session.browser || t('base.session.unknownBrowser')}
                  {session.device && <Typography.Text type="secondary"> · {session.device}</Typography.Text>}
                  {session.current && (
                    <Tag color="blue" style={{ marginInlineStart: 8 }}>
                      {t('base.session.thisDevice')}
                    </Tag>
                  )}
                </span>
              }
              description={
                <span className="my-session-facts">
                  <span>{t('base.session.ip', { ip: session.ip ?? '—' })}</span>
                  <span>{t('base.session.signedIn', { time: session.createTime })}</span>
                  <span>{t('base.session.lastSeen', { time: session.lastSeen })}</span>
                </span>
              }
            />
          </List.Item>
        )}
      />
    </Card>
  );
}
