import type { HomeBreakdown, HomeStoreCount, HomeTrend } from '@backroom/contract';
import { Card, Empty, Skeleton } from 'antd';
import { type ReactNode, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useDictLookup } from '../../../core/dictionaries';
import { useTheme } from '../../../core/theme';
import { storeOption, trendOption, typeOption } from './chart-options';
import { EChart } from './echart';

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
 * The home's charts (ECharts, loaded with this chunk, on this page only): the 30-day trend, the
 * invitations by store and the customers by type. A part the operator may not read is left out.
 */
export default function HomeCharts({
  trend,
  breakdown,
}: {
  trend: HomeTrend | undefined;
  breakdown: HomeBreakdown | undefined;
}) {
  const { t, i18n } = useTranslation();
  const { color, dark } = useTheme();
  const dict = useDictLookup(breakdown?.customersByType != null);
  const n = (value: number) => value.toLocaleString(i18n.language);

  const language = i18n.language;
  const trendChart = useMemo(() => {
    if (!trend || (!trend.customers && !trend.invitations)) return null;
    const n = (value: number) => value.toLocaleString(language);
    const sum = (key: 'customers' | 'invitations') => trend.days.reduce((s, d) => s + (d[key] ?? 0), 0);
    const names = {
      customers: trend.customers ? t('demo.home.trend.customers') : null,
      invitations: trend.invitations ? t('demo.home.trend.invitations') : null,
    };
    const empty = sum('customers') + sum('invitations') === 0;
    const label = t('demo.home.trend.label', { customers: n(sum('customers')), invitations: n(sum('invitations')) });
    return { option: trendOption({ color, dark }, trend.days, names), label, empty };
  }, [trend, color, dark, t, language]);

  const storeName = (s: HomeStoreCount) => s.storeName ?? t('demo.home.stores.none');
  const stores = breakdown?.invitationsByStore;
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
            <EChart option={trendChart.option} label={trendChart.label} />
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
            <EChart
              option={storeOption({ color, dark }, stores.slice(0, 12), storeName)}
              label={`${t('demo.home.stores.title')}: ${describe(stores.map((s) => ({ name: storeName(s), value: s.count })))}`}
              height={Math.max(200, Math.min(12, stores.length) * 34 + 40)}
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
            <EChart
              option={typeOption({ color, dark }, slices)}
              label={`${t('demo.home.types.title')}: ${describe(slices)}`}
            />
          )}
        </Panel>
      )}
    </>
  );
}
