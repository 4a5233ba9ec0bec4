import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import { type CustomerInvitation, customerInvitationRecord } from '@backroom/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, DatePicker, Segmented, Select, Space, Spin } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { crudQueryKey } from '../../../core/crud/CrudPage';
import { LoadError, RefreshButton } from '../../../core/crud/parts';
import { call } from '../../../core/request';
import { WALL_CLOCK } from '../../../ui/date-time-input';
import { useStores } from '../hooks/use-org';
import { InvitationStatusSelect } from './invitation-status';

export type CalendarSpan = 'day' | 'week';

/** The most invitations one day or week shows (the page call's largest page). */
const MOST = 500;

/** The days a day or week view covers, from the anchor: the day itself, or Monday to Sunday. */
export function daysOf(anchor: Dayjs, span: CalendarSpan): Dayjs[] {
  if (span === 'day') return [anchor.startOf('day')];
  // dayjs counts Sunday as 0; a retail week starts on Monday.
  const monday = anchor.startOf('day').subtract((anchor.day() + 6) % 7, 'day');
  return Array.from({ length: 7 }, (_, i) => monday.add(i, 'day'));
}

/**
 * The invitations of a store by day or week, as a store manager plans with: each day a column
 * (a list on phones) of its invitations in time order, each with its status changed in place.
 */
export function InvitationCalendar({ switcher }: { switcher: ReactNode }) {
  const { t, i18n } = useTranslation();
  const { stores } = useStores();
  const [span, setSpan] = useState<CalendarSpan>('week');
  const [anchor, setAnchor] = useState(() => dayjs());
  const [storeId, setStoreId] = useState<number>();
  const days = daysOf(anchor, span);
  const first = days[0] ?? anchor;
  const from = first.format(WALL_CLOCK);
  const to = first.add(days.length, 'day').format(WALL_CLOCK);
  const query = useQuery({
    queryKey: [...crudQueryKey(customerInvitationRecord), 'calendar', { from, to, storeId }],
    queryFn: () =>
      call(customerInvitationRecord.api.page, {
        page: 1,
        size: MOST,
        inviteTimeFrom: from,
        inviteTimeTo: to,
        order: 'inviteTime',
        sort: 'asc',
        ...(storeId ? { storeId } : {}),
      }),
    placeholderData: keepPreviousData,
  });
  const rows = query.data?.list ?? [];
  const byDay = (day: Dayjs) => rows.filter((r) => r.inviteTime.startsWith(day.format('YYYY-MM-DD')));
  const step = span === 'day' ? 'day' : 'week';
  const dayTitle = (day: Dayjs) =>
    day.toDate().toLocaleDateString(i18n.language, { weekday: 'short', month: 'short', day: 'numeric' });

  return (
    <div className="customer-calendar" data-testid="invitation-calendar">
      <div className="crud-toolbar">
        <Space wrap>
          {switcher}
          <RefreshButton onRefresh={() => void query.refetch()} />
          <Space.Compact>
            <Button
              icon={<LeftOutlined />}
              aria-label={t(`customer.calendar.prev.${span}`)}
              onClick={() => setAnchor(anchor.subtract(1, step))}
            />
            <Button onClick={() => setAnchor(dayjs())}>{t('customer.calendar.today')}</Button>
            <Button
              icon={<RightOutlined />}
              aria-label={t(`customer.calendar.next.${span}`)}
              onClick={() => setAnchor(anchor.add(1, step))}
            />
          </Space.Compact>
          <DatePicker
            value={anchor}
            allowClear={false}
            aria-label={t('customer.calendar.date')}
            picker={span === 'week' ? 'week' : 'date'}
            onChange={(date) => date && setAnchor(date)}
          />
        </Space>
        <Space wrap className="crud-search">
          {stores.length > 1 && (
            <Select
              allowClear
              placeholder={t('customer.calendar.allStores')}
              aria-label={t('customer.store')}
              style={{ minWidth: 160 }}
              options={stores}
              value={storeId}
              onChange={(value: number | undefined) => setStoreId(value)}
            />
          )}
          <Segmented<CalendarSpan>
            value={span}
            onChange={setSpan}
            options={[
              { value: 'day', label: t('customer.calendar.day') },
              { value: 'week', label: t('customer.calendar.week') },
            ]}
          />
        </Space>
      </div>
      {query.isError && !query.data ? (
        <LoadError error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        <Spin spinning={query.isFetching}>
          <div className={`customer-days customer-days-${span}`}>
            {days.map((day) => (
              <DayColumn
                key={day.valueOf()}
                title={dayTitle(day)}
                today={day.isSame(dayjs(), 'day')}
                rows={byDay(day)}
                loaded={query.data !== undefined}
              />
            ))}
          </div>
        </Spin>
      )}
    </div>
  );
}

function DayColumn({
  title,
  today,
  rows,
  loaded,
}: {
  title: string;
  today: boolean;
  rows: CustomerInvitation[];
  loaded: boolean;
}) {
  const { t } = useTranslation();
  return (
    <section className={`customer-day${today ? ' today' : ''}`} aria-label={title}>
      <h3 className="customer-day-title">
        {title}
        {rows.length > 0 && <span className="customer-day-count">{rows.length}</span>}
      </h3>
      {rows.length === 0 ? (
        loaded && <p className="customer-muted customer-day-empty">{t('customer.calendar.empty')}</p>
      ) : (
        <ul className="customer-cards">
          {rows.map((row) => (
            <li key={row.id} className="customer-card" data-testid="invitation-card">
              <div className="customer-card-head">
                <time dateTime={row.inviteTime.replace(' ', 'T')}>{row.inviteTime.slice(11, 16)}</time>
                <strong>{row.customerName}</strong>
              </div>
              {(row.employeeName || row.storeName) && (
                <div className="customer-muted">{[row.employeeName, row.storeName].filter(Boolean).join(' · ')}</div>
              )}
              <InvitationStatusSelect
                id={row.id}
                value={row.customerStatus}
                customerName={row.customerName}
                inviteTime={row.inviteTime}
              />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
