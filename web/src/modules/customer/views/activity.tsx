import { CUSTOMER_DICTS, customerActivity, type Locale } from '@backroom/contract';
import { useTranslation } from 'react-i18next';
import { CrudPage } from '../../../core/crud/CrudPage';
import { useUrlFilters } from '../../../core/crud/url-filters';
import { useDictLookup } from '../../../core/dictionaries';
import { call } from '../../../core/request';
import { MaskedValue } from '../components/masked-value';
import { MASKED_PHONE_COLUMN_WIDTH, withoutMasked } from '../components/masking';
import { PhotoThumbs } from '../components/prize-photos';
import { sexOptions, useActivityFields } from '../components/record-fields';
import { useWholeNumberNote } from '../components/search-note';
import '../customer.css';
import { StaffCell } from '../components/staff-cell';
import { useStaffUrlFilters } from '../hooks/use-staff-filters';

type Field = 'customerPhone' | 'idCardNo';

/**
 * Welfare activities (the family's /customer/activity): who took part, the activity and its prize
 * with photos from the file space; phone and ID numbers masked, with "show" for those who may.
 */
export default function ActivityView() {
  const { t, i18n } = useTranslation();
  const locale = i18n.language as Locale;
  const dict = useDictLookup(true);
  const fields = useActivityFields();
  // The dashboard's activities and the reports open the list with their window and scope in the URL.
  const staffFilters = useStaffUrlFilters();
  const linked = useUrlFilters([{ kind: 'window', name: 'createTime', label: t('crud.createTime') }, ...staffFilters]);
  const label = (key: Field) => customerActivity.columns[key].label[locale];
  const wholeNumberNote = useWholeNumberNote(customerActivity.perms.reveal);
  const masked = (field: Field) => (value: string | null, row: { id: number; employeeId: number | null }) => (
    <MaskedValue
      value={value}
      perm={customerActivity.perms.reveal}
      owner={{ id: row.employeeId, perm: customerActivity.perms.info }}
      phone={field === 'customerPhone'}
      label={label(field)}
      reveal={(reason) => call(customerActivity.api.reveal, { id: row.id, field, reason })}
    />
  );
  return (
    <CrudPage
      history
      entity={customerActivity}
      banner={linked.bar}
      params={linked.params}
      keywordPlaceholder={t('customer.activity.search')}
      searchNote={wholeNumberNote}
      fields={fields}
      defaults={{ customerSex: 0 }}
      formWidth={760}
      filters={[
        {
          name: 'idCardType',
          label: customerActivity.columns.idCardType.label[locale],
          options: dict.options(CUSTOMER_DICTS.idCardType).map((o) => ({ value: o.value, label: o.label })),
        },
      ]}
      addWith={{
        perm: customerActivity.perms.create,
        send: (values) => call(customerActivity.api.create, values as never),
      }}
      beforeSubmit={(values, mode) => (mode === 'edit' ? withoutMasked(values, ['customerPhone', 'idCardNo']) : values)}
      columns={[
        // On a phone: who, their phone, the activity and the row's menu, without sideways scrolling.
        { key: 'customerName', width: 130, onPhone: true },
        {
          key: 'customerPhone',
          width: 160,
          onPhone: true,
          phoneWidth: MASKED_PHONE_COLUMN_WIDTH,
          render: masked('customerPhone'),
        },
        { key: 'activityName', width: 150, onPhone: true },
        { key: 'prizeName', width: 130 },
        { key: 'prizePhoto', width: 180, sortable: false, render: (value) => <PhotoThumbs urls={value} /> },
        { key: 'employeeName', width: 130, render: (value, row) => <StaffCell name={value} store={row.storeName} /> },
        { key: 'creatorName', width: 130, render: (value, row) => <StaffCell name={value} store={row.storeName} /> },
        { key: 'storeName', width: 140 },
        { key: 'customerSex', width: 80, hidden: true, render: (value) => sexOptions(locale)[value]?.label },
        { key: 'customerAge', width: 80, hidden: true },
        {
          key: 'idCardType',
          width: 110,
          hidden: true,
          render: (value) => dict.label(CUSTOMER_DICTS.idCardType, value),
        },
        { key: 'idCardNo', width: 200, hidden: true, render: masked('idCardNo') },
        { key: 'customerAddress', width: 200, hidden: true },
        { key: 'remark', width: 160, hidden: true },
        { key: 'createTime', width: 170 },
      ]}
    />
  );
}
