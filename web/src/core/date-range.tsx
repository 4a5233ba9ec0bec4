import { HOME_RANGE_MAX_DAYS, HOME_RANGES, type HomeRange, type HomeRangeQuery } from '@backroom/contract';
import { DatePicker, Segmented } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';

/**
 * The date range of the dashboard and the reports: today, this week (Monday to Sunday), this month,
 * the last 30 days or a custom range of days. The server works out each window in its own zone
 * (server/src/core/calendar.ts) and answers it; the browser only names the range, and the days of
 * a custom one.
 */
export function DateRangeControl({
  value,
  onChange,
  testId = 'date-range',
}: {
  value: HomeRangeQuery;
  onChange: (next: HomeRangeQuery) => void;
  testId?: string;
}) {
  const { t } = useTranslation();
  const range: HomeRange = value.range ?? 'week';
  const picked: [Dayjs, Dayjs] | null =
    value.from && value.to ? [dayjs(value.from, 'YYYY-MM-DD'), dayjs(value.to, 'YYYY-MM-DD')] : null;
  const handleRange = (next: HomeRange) => {
    if (next !== 'custom') return onChange({ range: next });
    // A custom range starts as the last 30 days, to be changed in the picker.
    const to = dayjs();
    onChange({ range: 'custom', from: to.subtract(29, 'day').format('YYYY-MM-DD'), to: to.format('YYYY-MM-DD') });
  };
  return (
    <div className="date-range" data-testid={testId}>
      <Segmented<HomeRange>
        value={range}
        onChange={handleRange}
        options={HOME_RANGES.map((r) => ({ value: r, label: t(`common.range.${r}`) }))}
      />
      {range === 'custom' && (
        <DatePicker.RangePicker
          value={picked}
          allowClear={false}
          aria-label={t('common.range.custom')}
          // One month at a time: two side by side do not fit a phone.
          classNames={{ popup: { root: 'date-range-popup' } }}
          disabledDate={(day, { from }) => (from ? Math.abs(day.diff(from, 'day')) >= HOME_RANGE_MAX_DAYS : false)}
          onChange={(days) => {
            const [from, to] = days ?? [];
            if (from && to) onChange({ range: 'custom', from: from.format('YYYY-MM-DD'), to: to.format('YYYY-MM-DD') });
          }}
        />
      )}
    </div>
  );
}
