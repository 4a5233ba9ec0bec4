import { customerInfo, type HomeRangeQuery } from '@backroom/contract';
import { Alert, Button, Skeleton } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { LoadError, RefreshButton } from '../../../../core/crud/parts';
import { DateRangeControl } from '../../../../core/date-range';
import { usePerm } from '../../../../core/permission';
import { FailuresCard } from '../../home/failures-card';
import { KpiCards } from '../../home/kpi-cards';
import { RankingCard } from '../../home/ranking-card';
import { useHome } from '../../home/use-home';
import '../../home/home.css';

// The charts (drawn as SVG by charts.tsx) come with this chunk, on this page only, once the cards are drawn.
const HomeCharts = lazy(() => import('../../home/home-charts'));

/**
 * The home dashboard (`/`, the family's modules/demo/views/home/index.vue): the operator's key
 * figures, the trend by day, invitations by store, customers by type, the staff's ranking (by recorder) and the
 * last task failures, each under the operator's data scope and shown only where they may read it.
 */
export default function HomeView() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [range, setRange] = useState<HomeRangeQuery>({ range: 'week' });
  const { summary, trend, breakdown, refresh } = useHome(range);
  // The way to the customer form, for whoever records customers (not the treasurer reading activities).
  const mayRecord = usePerm(customerInfo.perms.add);
  const failed = summary.error ?? trend.error ?? breakdown.error;
  if (failed) return <LoadError error={failed} onRetry={() => void refresh()} />;

  const figures = summary.data;
  const fresh =
    figures !== undefined &&
    (figures.customers?.total ?? 0) === 0 &&
    (figures.invitations?.count ?? 0) === 0 &&
    (figures.activities ?? 0) === 0;
  const readsNothing =
    figures !== undefined && !figures.customers && !figures.invitations && figures.activities === null;

  return (
    <div className="home">
      <header className="home-head">
        <div>
          <h1 className="home-title">{t('demo.home.title')}</h1>
          <p className="home-sub">{t('demo.home.scope')}</p>
        </div>
        <div className="home-head-actions">
          <DateRangeControl value={range} onChange={setRange} testId="home-range" />
          {figures && (
            <span className="home-window" data-testid="home-window">
              {t('common.range.window', { from: figures.window.days[0], to: figures.window.days.at(-1) })}
            </span>
          )}
          <RefreshButton onRefresh={() => void refresh()} />
        </div>
      </header>
      {fresh && (
        <Alert
          className="home-fresh"
          type="info"
          showIcon
          message={t(readsNothing ? 'demo.home.fresh.noAccessTitle' : 'demo.home.fresh.title')}
          description={t(readsNothing ? 'demo.home.fresh.noAccess' : 'demo.home.fresh.body')}
          action={
            readsNothing || !mayRecord ? undefined : (
              <Button size="small" onClick={() => navigate('/customer/info')}>
                {t('demo.home.fresh.open')}
              </Button>
            )
          }
        />
      )}
      <KpiCards summary={figures} loading={summary.isPending} />
      <div className="home-grid">
        <Suspense fallback={<ChartsWaiting />}>
          <HomeCharts trend={trend.data} breakdown={breakdown.data} window={figures?.window} />
        </Suspense>
        {breakdown.data?.clerks !== null && (
          <RankingCard
            clerks={breakdown.data?.clerks ?? undefined}
            loading={breakdown.isPending}
            window={figures?.window}
          />
        )}
        {figures?.taskFailures && <FailuresCard failures={figures.taskFailures} />}
      </div>
    </div>
  );
}

function ChartsWaiting() {
  return (
    <>
      {[0, 1, 2].map((i) => (
        <div key={i} className={`home-panel home-panel-waiting${i === 0 ? ' home-wide' : ''}`} aria-hidden="true">
          <Skeleton active paragraph={{ rows: 6 }} />
        </div>
      ))}
    </>
  );
}
