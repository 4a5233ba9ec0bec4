import type { HomeSummary } from '@backroom/contract';
import { Card, Skeleton } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { figureLinks } from './figure-links';

/** A figure, the list it counts (`to`), and the list its note counts when that is another (`noteTo`). */
type Kpi = { key: string; title: string; value: ReactNode; note: ReactNode; to: string; noteTo?: string };

/**
 * A card of one figure: its name and number, a link to the list of the rows it counts (filtered as
 * the figure is), and a line that puts it in context.
 */
function KpiCard({ title, value, note, to, noteTo }: Omit<Kpi, 'key'>) {
  return (
    <Card className="home-kpi" size="small">
      <Link to={to} className="home-kpi-link">
        <h3 className="home-kpi-title">{title}</h3>
        <p className="home-kpi-value">{value}</p>
      </Link>
      <p className="home-kpi-note">{noteTo ? <Link to={noteTo}>{note}</Link> : note}</p>
    </Card>
  );
}

/** The key figures the operator may read (a part the server answered null is left out). */
export function KpiCards({ summary, loading }: { summary: HomeSummary | undefined; loading: boolean }) {
  const { t, i18n } = useTranslation();
  const n = (value: number) => value.toLocaleString(i18n.language);
  if (loading || !summary) {
    return (
      <section className="home-kpis" aria-busy="true" aria-label={t('demo.home.loading')}>
        {[1, 2, 3, 4].map((i) => (
          <Card key={i} className="home-kpi" size="small">
            <Skeleton active title={false} paragraph={{ rows: 3 }} />
          </Card>
        ))}
      </section>
    );
  }
  const kpis: Kpi[] = [];
  const { window } = summary;
  const range = t(`common.range.${window.range}`);
  if (summary.customers)
    kpis.push({
      key: 'customers',
      title: t('demo.home.kpi.customers'),
      value: n(summary.customers.total),
      to: figureLinks.customers(),
      noteTo: figureLinks.newCustomers(window),
      note: t('demo.home.kpi.added', { count: summary.customers.added, n: n(summary.customers.added), range }),
    });
  if (summary.invitations) {
    const { count, planned, visited } = summary.invitations;
    kpis.push({
      key: 'invitations',
      title: t('demo.home.kpi.invitations', { range }),
      value: n(count),
      to: figureLinks.invitations(window),
      ...(count === 0 ? {} : { noteTo: figureLinks.visited(window) }),
      note:
        count === 0
          ? t('demo.home.kpi.noInvitations')
          : t('demo.home.kpi.visitRate', {
              rate: Math.round((visited / count) * 100),
              n: n(visited),
              planned: n(planned),
            }),
    });
  }
  if (summary.activities !== null)
    kpis.push({
      key: 'activities',
      title: t('demo.home.kpi.activities', { range }),
      value: n(summary.activities),
      to: figureLinks.activities(window),
      note: t('demo.home.kpi.recorded'),
    });
  if (summary.appUsers)
    kpis.push({
      key: 'appUsers',
      title: t('demo.home.kpi.appUsers'),
      value: n(summary.appUsers.total),
      to: figureLinks.appUsers(),
      note: t('demo.home.kpi.added', { count: summary.appUsers.added, n: n(summary.appUsers.added), range }),
    });
  if (kpis.length === 0) return null;
  return (
    <section className="home-kpis" aria-label={t('demo.home.kpi.label')}>
      {kpis.map(({ key, ...kpi }) => (
        <KpiCard key={key} {...kpi} />
      ))}
    </section>
  );
}
