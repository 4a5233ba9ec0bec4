import { CUSTOMER_DICTS, CUSTOMER_STATUS, customerInfo, type Locale, PHONE_TEXT_MAX } from '@backroom/contract';
import { Badge, Button, Input, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type ColumnOf, CrudPage, type FieldOf, type FilterSpec } from '../../../core/crud/CrudPage';
import { useUrlFilters } from '../../../core/crud/url-filters';
import { useDictLookup } from '../../../core/dictionaries';
import { deferred } from '../../../core/lazy';
import { usePerm } from '../../../core/permission';
import { call } from '../../../core/request';
import { useScreen } from '../../../core/screen';
import { CustomerBatch, statusLabel } from '../components/customer-batch';
import { MaskedValue } from '../components/masked-value';
import { MASKED_PHONE_COLUMN_WIDTH, withoutMasked } from '../components/masking';
import { sexOptions } from '../components/record-fields';
import { useWholeNumberNote } from '../components/search-note';
import { StaffSelect } from '../components/staff-select';
import { useCreateCustomer } from '../hooks/use-create-customer';
import { useStaff, useStores } from '../hooks/use-org';
import '../customer.css';
import { StaffCell } from '../components/staff-cell';

const CustomerDetails = deferred(() => import('../components/customer-details').then((m) => m.CustomerDetails));

/** The dot beside each customer status: normal, disabled, cancelled (the words carry the meaning). */
const STATUS_DOTS = { '0': 'success', '1': 'warning', '2': 'default' } as const;

type Field = 'customerPhone' | 'diseaseInformation';

/**
 * Customer info (the family's /customer/info): the operator's customers with filters, masked
 * contact and medical fields with a "show" for those who may, batch status changes, the hand-over
 * of a clerk's customers, and a form that warns of a phone number in use before it saves.
 */
export default function CustomerInfoView() {
  const { t, i18n } = useTranslation();
  const phone = useScreen() === 'xs';
  const locale = i18n.language as Locale;
  const dict = useDictLookup(true);
  const { stores } = useStores();
  const { staff, canList: canListStaff } = useStaff();
  const canRead = usePerm(customerInfo.perms.details);
  const canHandOver = usePerm(customerInfo.perms.handOver);
  const createCustomer = useCreateCustomer();
  const [selected, setSelected] = useState<number[]>([]);
  const [detailsOf, setDetailsOf] = useState<number | null>(null);

  const label = (key: keyof typeof customerInfo.columns) => customerInfo.columns[key].label[locale];
  const wholeNumberNote = useWholeNumberNote(customerInfo.perms.reveal);
  const masked = (field: Field) => (value: string | null, row: { id: number; employeeId: number | null }) => (
    <MaskedValue
      value={value}
      perm={customerInfo.perms.reveal}
      owner={{ id: row.employeeId, perm: customerInfo.perms.info }}
      phone={field === 'customerPhone'}
      label={label(field)}
      reveal={(reason) => call(customerInfo.api.reveal, { id: row.id, field, reason })}
    />
  );
  const statusOptions = CUSTOMER_STATUS.map((value) => ({ value, label: statusLabel(value, locale) }));
  const typeOptions = dict.options(CUSTOMER_DICTS.customerType).map((o) => ({ value: o.value, label: o.label }));

  const filters: FilterSpec<'customerStatus' | 'customerType' | 'storeId' | 'employeeId'>[] = [
    { name: 'customerStatus', label: label('customerStatus'), options: statusOptions },
    { name: 'customerType', label: label('customerType'), options: typeOptions },
    ...(stores.length > 1 ? [{ name: 'storeId' as const, label: t('customer.store'), options: stores }] : []),
    ...(staff.length > 1 ? [{ name: 'employeeId' as const, label: t('customer.owner'), options: staff }] : []),
  ];

  // A dashboard figure opens the list with what it counts in the URL (demo/home's figure links).
  const nameOf = (choices: ReadonlyArray<{ value: number; label: string }>) => (value: string) =>
    choices.find((c) => String(c.value) === value)?.label ?? `#${value}`;
  const linked = useUrlFilters([
    { kind: 'window', name: 'createTime', label: t('crud.createTime') },
    {
      kind: 'value',
      name: 'customerType',
      label: label('customerType'),
      show: (v) => dict.label(CUSTOMER_DICTS.customerType, v),
    },
    { kind: 'id', name: 'storeId', label: t('customer.store'), show: nameOf(stores) },
    { kind: 'id', name: 'employeeId', label: t('customer.owner'), show: nameOf(staff) },
    { kind: 'id', name: 'creatorId', label: t('customer.creator'), show: nameOf(staff) },
  ]);

  const columns: ColumnOf<typeof customerInfo>[] = [
    // A phone shows who, how to reach them and where they stand; the row's actions in one menu.
    {
      key: 'customerName',
      width: 150,
      onPhone: true,
      // The shorter heading where the column is a third of a phone's width ("Custo…" otherwise).
      title: phone ? t('customer.customer') : undefined,
      render: (value, row) => {
        const name = canRead ? (
          <Button type="link" size="small" className="customer-name-link" onClick={() => setDetailsOf(row.id)}>
            {value}
          </Button>
        ) : (
          value
        );
        // A phone has no owner column: whoever hands customers over sees the owner under the name.
        if (!phone || !canHandOver || !row.employeeName) return name;
        return (
          <span className="customer-name-owner">
            {name}
            <StaffCell name={row.employeeName} store={row.storeName} />
          </span>
        );
      },
    },
    { key: 'customerCode', width: 120 },
    {
      key: 'customerPhone',
      width: 160,
      onPhone: true,
      phoneWidth: MASKED_PHONE_COLUMN_WIDTH,
      render: masked('customerPhone'),
    },
    {
      key: 'customerStatus',
      width: 100,
      onPhone: true,
      render: (value) => <Badge status={STATUS_DOTS[value]} text={statusLabel(value, locale)} />,
    },
    { key: 'customerType', width: 120, render: (value) => dict.label(CUSTOMER_DICTS.customerType, value) },
    { key: 'employeeName', width: 130, render: (value, row) => <StaffCell name={value} store={row.storeName} /> },
    { key: 'creatorName', width: 130, render: (value, row) => <StaffCell name={value} store={row.storeName} /> },
    { key: 'storeName', width: 140 },
    { key: 'customerSex', width: 80, hidden: true, render: (value) => sexOptions(locale)[value]?.label },
    { key: 'customerAge', width: 80, hidden: true },
    { key: 'customerAddress', width: 200 },
    { key: 'diseaseInformation', width: 140, hidden: true, render: masked('diseaseInformation') },
    { key: 'remark', width: 160, hidden: true },
    { key: 'createTime', width: 170 },
  ];

  const fields: FieldOf<typeof customerInfo>[] = [
    { name: 'customerName', input: <Input maxLength={100} autoFocus /> },
    {
      name: 'customerPhone',
      tooltip: t('customer.maskedHint'),
      input: <Input maxLength={PHONE_TEXT_MAX} inputMode="tel" />,
    },
    { name: 'customerSex', input: <Select options={sexOptions(locale)} /> },
    { name: 'customerAge', input: <Input maxLength={20} /> },
    { name: 'customerType', input: <Select allowClear options={typeOptions} /> },
    { name: 'customerStatus', only: 'edit', input: <Select options={statusOptions} /> },
    // Only those who may see the store's staff give a customer to someone else; it is theirs otherwise.
    ...(canListStaff && staff.length > 1
      ? [
          {
            name: 'employeeId' as const,
            label: t('customer.owner'),
            tooltip: t('customer.ownerHint'),
            input: <StaffSelect allowClear staff={staff} />,
          },
        ]
      : []),
    { name: 'customerAddress', span: 24, input: <Input maxLength={255} /> },
    {
      name: 'diseaseInformation',
      span: 24,
      tooltip: t('customer.maskedHint'),
      input: <Input.TextArea rows={2} maxLength={1000} />,
    },
    { name: 'remark', span: 24, input: <Input.TextArea rows={2} maxLength={500} /> },
  ];

  return (
    <>
      <CrudPage
        history
        entity={customerInfo}
        banner={linked.bar}
        params={linked.params}
        keywordPlaceholder={t('customer.search')}
        searchNote={wholeNumberNote}
        columns={columns}
        fields={fields}
        filters={filters}
        defaults={{ customerSex: 0, customerStatus: '0' }}
        formWidth={760}
        selectedIds={selected}
        onSelect={setSelected}
        addWith={{ perm: customerInfo.perms.create, send: createCustomer }}
        removeWith={{
          perm: customerInfo.perms.batchDelete,
          send: (ids) => call(customerInfo.api.batchDelete, { ids }),
        }}
        // A masked value the operator left as it came is not sent: the stored one stays.
        beforeSubmit={(values, mode) =>
          mode === 'edit' ? withoutMasked(values, ['customerPhone', 'diseaseInformation']) : values
        }
        toolbar={<CustomerBatch selected={selected} onDone={() => setSelected([])} />}
      />
      {detailsOf !== null && <CustomerDetails id={detailsOf} onClose={() => setDetailsOf(null)} />}
    </>
  );
}
