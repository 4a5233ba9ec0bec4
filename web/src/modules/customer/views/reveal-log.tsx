import { customerActivity, customerInfo, customerRevealLog, type Locale } from '@backroom/contract';
import { useTranslation } from 'react-i18next';
import { CrudPage } from '../../../core/crud/CrudPage';

/** The entities whose masked fields can be shown, by table, for naming the record and the field. */
const TARGETS = { customer_info: customerInfo, customer_activity: customerActivity } as const;

/**
 * The masked-field audit (the family's /customer/reveal-log): who showed which field of which
 * record in clear, why and when. Read-only.
 */
export default function RevealLogView() {
  const { t, i18n } = useTranslation();
  const locale = i18n.language as Locale;
  const target = (table: string) => TARGETS[table as keyof typeof TARGETS];
  return (
    <CrudPage
      entity={customerRevealLog}
      keywordPlaceholder={t('customer.revealLog.search')}
      filters={[
        {
          name: 'target',
          label: customerRevealLog.columns.target.label[locale],
          options: Object.entries(TARGETS).map(([value, entity]) => ({ value, label: entity.label[locale] })),
        },
      ]}
      columns={[
        { key: 'createTime', width: 170 },
        { key: 'userName', width: 130 },
        { key: 'target', width: 120, render: (value) => target(value)?.label[locale] ?? value },
        // The customer's name; a record deleted since shows its id (a superuser still sees those entries).
        {
          key: 'recordName',
          width: 150,
          render: (value, row) => value ?? `#${row.recordId}`,
        },
        {
          key: 'field',
          width: 130,
          render: (value, row) => {
            const columns: Record<string, { label: Record<Locale, string> } | undefined> =
              target(row.target)?.columns ?? {};
            return columns[value]?.label[locale] ?? value;
          },
        },
        { key: 'reason', width: 280 },
      ]}
      fields={[]}
    />
  );
}
