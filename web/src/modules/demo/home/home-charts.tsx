import type { HomeBreakdown, HomeRangeWindow, HomeStoreCount, HomeTrend } from '@backroom/contract';
import { Card, Empty, Skeleton } from 'antd';
import { type ReactNode, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { BarChart, LineChart, type LineSeries, RingChart } from '../../../core/charts/charts';
import { useDictLookup } from '../../../core/dictionaries';
import { useTheme } from '../../../core/theme';
import { dayWindow, figureLinks } from './figure-links';

/** A panel of the home: its heading, and the chart, its skeleton while loading, or what it waits for. */
export function Panel({ title, wide, children }: { title: string; wide?: boolean; children: ReactNode }) {
  return (
    <Card className={`home-panel${wide ? ' home-wide' : ''}`} title={<h2 className="home-panel-title">{title}</h2>}>
      {children}
    </Card>
  );
}

const Waiting = () => <Skeleton.Node active className="home-chart-skeleton" />;

/**
 * The home's charts (charts.tsx, SVG drawn by the page, loaded with this chunk): the range's trend, the
 * invitations by store and the customers by type. A part the operator may not read is left out.
 * A click on a day, a bar or a slice opens the list of the rows it counts (figure-links.ts).
 */
export default function HomeCharts({
  trend,
  breakdown,
  window,
}: {
  trend: HomeTrend | undefined;
  breakdown: HomeBreakdown | undefined;
  /** The window the figures count (the summary's); without it the charts open no list. */
  window: HomeRangeWindow | undefined;
}) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const { color, dark } = useTheme();
  const dict = useDictLookup(breakdown?.customersByType != null);
  const n = (value: number) => value.toLocaleString(i18n.language);

  const language = i18n.language;
  const look = { color, dark };
  const trendChart = useMemo(() => {
    if (!trend || (!trend.customers && !trend.invitations)) return null;
    const n = (value: number) => value.toLocaleString(language);
    const sum = (key: 'customers' | 'invitations') => trend.days.reduce((s, d) => s + (d[key] ?? 0), 0);
    // Only the series the operator may read: new customers (a filled line), invitations (dashed).
    const series: Array<LineSeries & { key: 'customers' | 'invitations' }> = [];
    if (trend.customers)
      series.push({
        key: 'customers',
        name: t('demo.home.trend.customers'),
        values: trend.days.map((d) => d.customers ?? 0),
        area: true,
      });
    if (trend.invitations)
      series.push({
        key: 'invitations',
        name: t('demo.home.trend.invitations'),
        values: trend.days.map((d) => d.invitations ?? 0),
        dashed: true,
      });
    const empty = sum('customers') + sum('invitations') === 0;
    const label = t('demo.home.trend.label', { customers: n(sum('customers')), invitations: n(sum('invitations')) });
    return { series, categories: trend.days.map((d) => d.day.slice(5)), label, empty };
  }, [trend, t, language]);

  const storeName = (s: HomeStoreCount) => s.storeName ?? t('demo.home.stores.none');
  const stores = breakdown?.invitationsByStore;
  // The bars drawn, the most on top (the order the server sends).
  const drawnStores = stores ? stores.slice(0, 12) : [];
  const types = breakdown?.customersByType;
  const slices = types?.map((c) => ({
    name: c.type === null ? t('demo.home.types.none') : dict.label('customerType', c.type),
    value: c.count,
  }));
  const describe = (rows: Array<{ name: string; value: number }>) =>
    rows
      .slice(0, 8)
      .map((r) => `${r.name} ${n(r.value)}`)
      .join(', ');

  return (
    <>
      {trend === undefined || trendChart ? (
        <Panel title={t('demo.home.trend.title')} wide>
          {!trendChart ? (
            <Waiting />
          ) : trendChart.empty ? (
            <Empty description={t('demo.home.trend.empty')} />
          ) : (
            <LineChart
              look={look}
              locale={language}
              categories={trendChart.categories}
              series={trendChart.series}
              label={trendChart.label}
              onPick={({ seriesIndex, dataIndex }) => {
                const day = trend?.days[dataIndex]?.day;
                if (!day) return;
                const w = dayWindow(day);
                navigate(
                  trendChart.series[seriesIndex]?.key === 'invitations'
                    ? figureLinks.invitations(w)
                    : figureLinks.newCustomers(w),
                );
              }}
            />
          )}
        </Panel>
      ) : null}
      {stores !== null && (
        <Panel title={t('demo.home.stores.title')}>
          {!stores ? (
            <Waiting />
          ) : stores.length === 0 ? (
            <Empty description={t('demo.home.stores.empty')} />
          ) : (
            <BarChart
              look={look}
              locale={language}
              rows={drawnStores.map((s) => ({ name: storeName(s), value: s.count }))}
              onPick={({ dataIndex }) => {
                const store = drawnStores[dataIndex];
                if (window && store?.storeId != null) navigate(figureLinks.invitationsOfStore(window, store.storeId));
              }}
              label={`${t('demo.home.stores.title')}: ${describe(stores.map((s) => ({ name: storeName(s), value: s.count })))}`}
            />
          )}
        </Panel>
      )}
      {types !== null && (
        <Panel title={t('demo.home.types.title')}>
          {!slices ? (
            <Waiting />
          ) : slices.length === 0 ? (
            <Empty description={t('demo.home.types.empty')} />
          ) : (
            <RingChart
              look={look}
              locale={language}
              slices={slices}
              onPick={({ dataIndex }) => {
                const type = types?.[dataIndex]?.type;
                if (type != null) navigate(figureLinks.customersOfType(type));
              }}
              label={`${t('demo.home.types.title')}: ${describe(slices)}`}
            />
          )}
        </Panel>
      )}
    </>
  );
}
