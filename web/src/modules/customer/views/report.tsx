import { DownloadOutlined } from '@ant-design/icons';
import {
  customerReport,
  type HomeRangeQuery,
  type Locale,
  REPORT_GROUPS,
  REPORT_KINDS,
  REPORT_TEXTS,
  type ReportGroup,
  type ReportKind,
  type ReportQuery,
} from '@backroom/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Card, Empty, Segmented, Space, Table, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BarChart } from '../../../core/charts/charts';
import { LoadError } from '../../../core/crud/parts';
import { DateRangeControl } from '../../../core/date-range';
import { usePerm } from '../../../core/permission';
import { type Callable, call, download, saveFile } from '../../../core/request';
import { useTheme } from '../../../core/theme';
import '../customer.css';

type AnyRow = { key: number | string | null; name: string | null } & Record<string, number | string | null>;
type AnyReport = {
  window: { days: string[] };
  metrics: readonly string[];
  rows: AnyRow[];
  totals: Record<string, number>;
  clerkIs: 'recorder' | 'owner';
};

/** The days of a range as the browser's calendar has them (Monday to Sunday for a week). */
function daysOf(range: HomeRangeQuery): { from: string; to: string } {
  const today = dayjs();
  const f = (d: dayjs.Dayjs) => d.format('YYYY-MM-DD');
  switch (range.range) {
    case 'today':
      return { from: f(today), to: f(today) };
    case 'month':
      return { from: f(today.startOf('month')), to: f(today.endOf('month')) };
    case 'last30':
      return { from: f(today.subtract(29, 'day')), to: f(today) };
    case 'custom':
      return { from: range.from ?? f(today), to: range.to ?? f(today) };
    default: {
      const monday = today.subtract((today.day() + 6) % 7, 'day');
      return { from: f(monday), to: f(monday.add(6, 'day')) };
    }
  }
}

/**
 * The reports (menu 报表): invitations, customers, activities and conversion for a range, by store,
 * by staff member or by day, within the operator's data scope; a bar chart beside the table,
 * sortable columns, and an Excel export of what is shown.
 */
export default function ReportView() {
  const { t, i18n } = useTranslation();
  const locale = i18n.language as Locale;
  const { color, dark } = useTheme();
  const [kind, setKind] = useState<ReportKind>('invitations');
  const [groupBy, setGroupBy] = useState<ReportGroup>('store');
  const [range, setRange] = useState<HomeRangeQuery>({ range: 'week' });
  const [exporting, setExporting] = useState(false);
  const canExport = usePerm(customerReport.perms.export);
  const query: ReportQuery = { ...daysOf(range), groupBy };
  const report = useQuery({
    queryKey: ['customer', 'report', kind, query.from, query.to, groupBy],
    // The four tables share one shape (ReportTable); the screen reads any of them alike.
    queryFn: () => call(customerReport.api[kind] as typeof customerReport.api.invitations, query) as Promise<AnyReport>,
    placeholderData: keepPreviousData,
  });
  const metric = (m: string) => REPORT_TEXTS.metrics[m as keyof typeof REPORT_TEXTS.metrics]?.[locale] ?? m;
  const data = report.data;
  const first = data?.metrics[0] ?? '';
  const handleExport = async () => {
    setExporting(true);
    try {
      // The export answers a file, not an envelope.
      const exportCall = customerReport.api.export as unknown as Callable<typeof customerReport.api.export.input, Blob>;
      const { blob, name } = await download(exportCall, { ...query, report: kind });
      saveFile(blob, name);
    } finally {
      setExporting(false);
    }
  };
  if (report.error) return <LoadError error={report.error} onRetry={() => void report.refetch()} />;
  return (
    <div className="customer-report" data-testid="report">
      <Space wrap className="customer-report-bar">
        <Segmented<ReportKind>
          value={kind}
          onChange={setKind}
          data-testid="report-kind"
          options={REPORT_KINDS.map((k) => ({ value: k, label: REPORT_TEXTS.reports[k][locale] }))}
        />
        <Segmented<ReportGroup>
          value={groupBy}
          onChange={setGroupBy}
          data-testid="report-group"
          options={REPORT_GROUPS.map((g) => ({ value: g, label: REPORT_TEXTS.groups[g][locale] }))}
        />
        <DateRangeControl value={range} onChange={setRange} testId="report-range" />
        {canExport && (
          <Button
            icon={<DownloadOutlined />}
            loading={exporting}
            onClick={() => void handleExport()}
            data-testid="report-export"
          >
            {t('customer.report.export')}
          </Button>
        )}
      </Space>
      <Typography.Paragraph type="secondary" className="customer-report-note" data-testid="report-window">
        {t('common.range.window', { from: query.from, to: query.to })} ·{' '}
        {data ? REPORT_TEXTS.clerkIs[data.clerkIs][locale] : ''}
      </Typography.Paragraph>
      <div className="customer-report-grid">
        <Card size="small" className="customer-report-chart" title={metric(first)}>
          {data?.rows.some((r) => Number(r[first]) > 0) ? (
            <BarChart
              look={{ color, dark }}
              // As high as its rows: a store or two left a card of empty space below the bars.
              height={0}
              locale={locale}
              rows={data.rows
                .slice(0, 31)
                .map((r) => ({ name: r.name ?? t('customer.report.none'), value: Number(r[first]) }))}
              label={`${metric(first)}: ${data.totals[first] ?? 0}`}
            />
          ) : (
            <Empty description={t('customer.report.empty')} />
          )}
        </Card>
        <Table<AnyRow>
          className="customer-report-table"
          size="small"
          loading={report.isFetching}
          rowKey={(r) => String(r.key)}
          dataSource={data?.rows ?? []}
          pagination={false}
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: <Empty description={t('customer.report.empty')} /> }}
          columns={[
            {
              key: 'name',
              title: REPORT_TEXTS.groups[groupBy][locale],
              dataIndex: 'name',
              fixed: 'left',
              sorter: (a, b) => String(a.name ?? '').localeCompare(String(b.name ?? '')),
              render: (v: string | null) => v ?? t('customer.report.none'),
            },
            ...(data?.metrics ?? []).map((m) => ({
              key: m,
              title: metric(m),
              dataIndex: m,
              align: 'right' as const,
              sorter: (a: AnyRow, b: AnyRow) => Number(a[m]) - Number(b[m]),
            })),
          ]}
          summary={() =>
            data ? (
              <Table.Summary.Row>
                <Table.Summary.Cell index={0}>{REPORT_TEXTS.words.total[locale]}</Table.Summary.Cell>
                {data.metrics.map((m, i) => (
                  <Table.Summary.Cell key={m} index={i + 1} align="right">
                    {data.totals[m] ?? 0}
                  </Table.Summary.Cell>
                ))}
              </Table.Summary.Row>
            ) : null
          }
        />
      </div>
    </div>
  );
}
