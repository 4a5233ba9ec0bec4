import type { HomeTaskFailure } from '@backroom/contract';
import { Card, Empty, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** The last failed runs of scheduled tasks, for an operator who may read task logs. */
export function FailuresCard({ failures }: { failures: HomeTaskFailure[] }) {
  const { t } = useTranslation();
  return (
    <Card
      className="home-panel"
      title={<h2 className="home-panel-title">{t('demo.home.failures.title')}</h2>}
      extra={<Link to="/task/list">{t('demo.home.failures.open')}</Link>}
    >
      {failures.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('demo.home.failures.none')} />
      ) : (
        <ul className="home-failures">
          {failures.map((f) => (
            <li key={f.id}>
              <div className="home-failure-head">
                <strong>{f.taskName ?? `#${f.taskId}`}</strong>
                <time dateTime={f.createTime.replace(' ', 'T')}>{f.createTime}</time>
              </div>
              {f.detail && (
                <Typography.Paragraph className="home-failure-detail" ellipsis={{ rows: 2 }}>
                  {f.detail}
                </Typography.Paragraph>
              )}
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
