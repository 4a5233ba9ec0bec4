import type { HomeClerkCount, HomeWindow } from '@backroom/contract';
import { Card, Empty, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { figureLinks } from './figure-links';

/**
 * The staff who recorded the most new customers in the window (by the recorder: a customer handed
 * over since still counts for who took it on), as an ordered list with bars; each name opens the
 * customers that person recorded in the window.
 */
export function RankingCard({
  clerks,
  loading,
  window,
}: {
  clerks: HomeClerkCount[] | undefined;
  loading: boolean;
  window: HomeWindow | undefined;
}) {
  const { t, i18n } = useTranslation();
  const top = clerks?.[0]?.count ?? 0;
  return (
    <Card className="home-panel" title={<h2 className="home-panel-title">{t('demo.home.ranking.title')}</h2>}>
      {loading || !clerks ? (
        <Skeleton active paragraph={{ rows: 5 }} />
      ) : clerks.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('demo.home.ranking.empty')} />
      ) : (
        <ol className="home-ranking">
          {clerks.map((c, i) => (
            <li key={c.employeeId}>
              <span className="home-rank" aria-hidden="true">
                {i + 1}
              </span>
              <span className="home-rank-name">
                {window ? (
                  <Link to={figureLinks.customersOfRecorder(window, c.employeeId)}>{c.name ?? `#${c.employeeId}`}</Link>
                ) : (
                  (c.name ?? `#${c.employeeId}`)
                )}
              </span>
              <span className="home-rank-bar" aria-hidden="true">
                <span style={{ width: `${top === 0 ? 0 : (c.count / top) * 100}%` }} />
              </span>
              <span className="home-rank-count">
                {t('demo.home.ranking.count', { count: c.count, n: c.count.toLocaleString(i18n.language) })}
              </span>
            </li>
          ))}
        </ol>
      )}
    </Card>
  );
}
